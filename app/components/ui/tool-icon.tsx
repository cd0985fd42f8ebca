import AudioLines from "lucide-react/icons/audio-lines";
import ImageIcon from "lucide-react/icons/image";
import MessagesSquare from "lucide-react/icons/messages-square";
import PenLine from "lucide-react/icons/pen-line";
import ScanSearch from "lucide-react/icons/scan-search";
import WandSparkles from "lucide-react/icons/wand-sparkles";
import type { Tool } from "~/content/tools";

const icons = {
  "scan-search": ScanSearch,
  "wand-sparkles": WandSparkles,
  "pen-line": PenLine,
  "audio-lines": AudioLines,
  image: ImageIcon,
  "messages-square": MessagesSquare,
} as const;

/** A tool's icon on its gradient tile. Decorative: the tool's name is always next to it. */
export function ToolIcon({ tool, size = "md" }: { tool: Tool; size?: "sm" | "md" | "lg" }) {
  const Icon = icons[tool.icon];
  const box = size === "sm" ? "size-8 rounded-lg" : size === "lg" ? "size-14 rounded-2xl" : "size-11 rounded-xl";
  const glyph = size === "sm" ? "size-4" : size === "lg" ? "size-7" : "size-5";
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center bg-gradient-to-br ${tool.gradient} ${box}`}
      aria-hidden="true"
    >
      <Icon className={`${glyph} text-white`} aria-hidden="true" />
    </span>
  );
}
