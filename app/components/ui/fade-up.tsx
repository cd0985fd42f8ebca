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
  // An action's answer (result-focus.ts): a later one is focused by useToolState. Without
  // JavaScript, an invisible marker over the result's top takes the focus on load. The browser
  // centres a focused element that is not wholly in view: a marker 40% of the screen tall (not the
  // whole, often taller, result; not a 1px one, which counts as in view at the screen's last row)
  // brings the result's heading into view.
  return (
    <div data-arrived-result tabIndex={-1} className="relative scroll-mt-24 focus:outline-none">
      {appearedAfterHydration ? null : (
        <span
          tabIndex={-1}
          autoFocus
          className="pointer-events-none absolute left-0 top-0 h-[40vh] w-px overflow-hidden whitespace-nowrap text-transparent outline-none"
        >
          Result
        </span>
      )}
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
