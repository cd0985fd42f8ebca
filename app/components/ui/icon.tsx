// Lucide's icons, each drawn as one <path> (scripts/lucide-paths.mjs joins an icon's shapes).
// lucide-react's components render two to ten elements and three to twelve React fibers per
// icon; the landing page shows 66 icons, a third of its DOM, and styling and hydrating them
// was main-thread time on a phone (tests/bench/README.md). The paths live in lucide-paths.ts
// (`import * as icons from "~/components/ui/lucide-paths"`), which ships in the shared `core` chunk.

/**
 * A decorative icon: hidden from assistive technology, so whatever it stands for must be said in
 * text or a label next to it. Size it with `size-*` and colour it with `text-*`.
 */
export function Icon({ path, className }: { path: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d={path} />
    </svg>
  );
}
