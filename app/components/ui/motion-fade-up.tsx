import { LazyMotion, m, MotionConfig } from "framer-motion";
import type { ReactNode } from "react";

// LazyMotion + m: the animation features themselves load on demand; reducedMotion="user"
// turns the fade into an instant change for people who ask for less motion.
const loadFeatures = () => import("framer-motion").then((module) => module.domAnimation);

export default function MotionFadeUp({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">
        <m.div
          className={className}
          initial={{ opacity: 0, y: 12 }}
          animate={{ opacity: 1, y: 0 }}
          transition={{ duration: 0.45, ease: "easeOut" }}
        >
          {children}
        </m.div>
      </MotionConfig>
    </LazyMotion>
  );
}
