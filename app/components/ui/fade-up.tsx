import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

// framer-motion stays out of every page's first load: its code arrives by import() once the visitor
// starts using a tool, and only pages showing results use it (DESIGN.md: results fade up).
const loadMotion = () => import("./motion-fade-up");
const MotionFadeUp = lazy(loadMotion);

/**
 * Content that fades up when it appears after an action. Server-rendered (and pre-hydration)
 * output is plain and fully visible, so nothing depends on JavaScript to be seen, and it stays so
 * once the page hydrates: only content that first renders after hydration animates (a result the
 * server rendered for a form posted before the scripts ran must not vanish and fade in again).
 */
export function FadeUp({ children, className }: { children: ReactNode; className?: string }) {
  const hydrated = useHydrated(); // false while hydrating, true for content mounted later
  const [appearedAfterHydration] = useState(hydrated); // kept from the first render
  const plain = <div className={className}>{children}</div>;
  // An action's answer (result-focus.ts): the server-rendered one takes the focus on load, which
  // also scrolls it into view without JavaScript; a later one is focused by useToolState.
  return (
    <div data-arrived-result tabIndex={-1} autoFocus={!appearedAfterHydration} className="scroll-mt-24 focus:outline-none">
      {appearedAfterHydration ? (
        <Suspense fallback={plain}>
          <MotionFadeUp className={className}>{children}</MotionFadeUp>
        </Suspense>
      ) : (
        plain
      )}
    </div>
  );
}

const interactions = ["pointerdown", "keydown", "focusin"] as const;

/**
 * Fetches the motion code when the visitor first touches the page: a result needs a submit, so it
 * arrives ahead of the first result, while visitors who only read never download it and the
 * page's first seconds stay free of its parsing.
 */
export function usePreloadMotion(): void {
  useEffect(() => {
    const preload = () => {
      stop();
      void loadMotion();
    };
    const stop = () => {
      for (const type of interactions) removeEventListener(type, preload, true);
    };
    for (const type of interactions) addEventListener(type, preload, { capture: true, passive: true });
    return stop;
  }, []);
}
