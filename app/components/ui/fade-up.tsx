import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

// framer-motion stays out of every page's first load: its code arrives by import() once the page
// is interactive, and only pages showing results use it (DESIGN.md: results fade up).
const loadMotion = () => import("./motion-fade-up");
const MotionFadeUp = lazy(loadMotion);

/**
 * Content that fades up when it appears after an action. Server-rendered (and pre-hydration)
 * output is plain and fully visible, so nothing depends on JavaScript to be seen.
 */
export function FadeUp({ children, className }: { children: ReactNode; className?: string }) {
  const hydrated = useHydrated();
  const plain = <div className={className}>{children}</div>;
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <MotionFadeUp className={className}>{children}</MotionFadeUp>
    </Suspense>
  );
}

/** Fetches the motion code ahead of the first result, so results never wait for it. */
export function usePreloadMotion(): void {
  useEffect(() => {
    void loadMotion();
  }, []);
}
