import type { Tool } from "~/content/tools";

// Tailwind only ships classes it can read in the source, so each tool's accent maps to whole class
// names here. The 300 shades keep AA contrast on the dark cards; the outline is the focus ring in
// the tool's colour (DESIGN.md).
type AccentClasses = { text: string; focus: string; ring: string };

const accents: Record<string, AccentClasses> = {
  cyan: { text: "text-cyan-300", focus: "focus-visible:outline-cyan-400", ring: "ring-cyan-400/40" },
  emerald: { text: "text-emerald-300", focus: "focus-visible:outline-emerald-400", ring: "ring-emerald-400/40" },
  violet: { text: "text-violet-300", focus: "focus-visible:outline-violet-400", ring: "ring-violet-400/40" },
  orange: { text: "text-orange-300", focus: "focus-visible:outline-orange-400", ring: "ring-orange-400/40" },
  pink: { text: "text-pink-300", focus: "focus-visible:outline-pink-400", ring: "ring-pink-400/40" },
  indigo: { text: "text-indigo-300", focus: "focus-visible:outline-indigo-400", ring: "ring-indigo-400/40" },
};

const fallback: AccentClasses = accents.violet as AccentClasses;

export function toolAccent(tool: Tool): AccentClasses {
  return accents[tool.accent] ?? fallback;
}
