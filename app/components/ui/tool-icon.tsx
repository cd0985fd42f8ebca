import type { Tool } from "~/content/tools";
import { Icon } from "./icon";
import * as icons from "./lucide-paths";

const glyphs = {
  "scan-search": icons.scanSearch,
  "wand-sparkles": icons.wandSparkles,
  "pen-line": icons.penLine,
  "audio-lines": icons.audioLines,
  image: icons.image,
  "messages-square": icons.messagesSquare,
} as const satisfies Record<Tool["icon"], string>;

/** A tool's icon on its gradient tile. Decorative: the tool's name is always next to it. */
export function ToolIcon({ tool, size = "md" }: { tool: Tool; size?: "sm" | "md" | "lg" }) {
  const box = size === "sm" ? "size-8 rounded-lg" : size === "lg" ? "size-14 rounded-2xl" : "size-11 rounded-xl";
  const glyph = size === "sm" ? "size-4" : size === "lg" ? "size-7" : "size-5";
  return (
    <span className={`inline-flex shrink-0 items-center justify-center bg-gradient-to-br ${tool.gradient} ${box}`} aria-hidden="true">
      <Icon path={glyphs[tool.icon]} className={`${glyph} text-white`} />
    </span>
  );
}
