import { LazyMotion, MotionConfig } from "framer-motion";
import type { ReactNode } from "react";

// framer-motion's animation features load after first paint (LazyMotion + `m`, DESIGN.md), and
// `reducedMotion="user"` turns every animation into an instant change for those who ask for it.
const loadFeatures = () => import("./motion-features").then((module) => module.default);

export function MotionProvider({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user" transition={{ duration: 0.45, ease: "easeOut" }}>
        {children}
      </MotionConfig>
    </LazyMotion>
  );
}
