import { Link } from "react-router";
import { AI_LABEL, GENERATOR } from "~/content/ai-disclosure";
import { Icon } from "./icon";
import * as icons from "./lucide-paths";

/**
 * The 'AI-generated' label on a generated result (EU AI Act art. 50; docs/decisions/064). It is
 * text, not only an icon, and the result points at it with `aria-describedby={id}`, so a screen
 * reader announces it with the image, the audio player or the text it belongs to.
 */
export function AiGeneratedLabel({ id, explain = false, className = "" }: { id: string; explain?: boolean; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-xs ${className}`}>
      <AiGeneratedBadge id={id} />
      {explain ? (
        <Link to="/ai-transparency" className="text-slate-300 underline underline-offset-2 hover:text-white">
          How we mark AI content
        </Link>
      ) : null}
    </p>
  );
}

/** The label alone, for a line that has other things on it (a chat reply's name and time). */
export function AiGeneratedBadge({ id }: { id: string }) {
  return (
    <span
      id={id}
      className="inline-flex items-center gap-1.5 rounded-full border border-violet-300/40 bg-violet-500/15 px-2.5 py-0.5 font-medium text-violet-100"
    >
      <Icon path={icons.sparkles} className="size-3.5" />
      {`${AI_LABEL} by ${GENERATOR}`}
    </span>
  );
}
