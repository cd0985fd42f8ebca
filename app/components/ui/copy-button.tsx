import { useState } from "react";
import { Icon } from "./icon";
import * as icons from "./lucide-paths";
import { useHydrated } from "./use-hydrated";

/** Copies text to the clipboard and confirms it; rendered only when JavaScript can do the copying. */
export function CopyButton({
  text,
  label = "Copy",
  accessibleName,
  small = false,
}: {
  text: string;
  label?: string;
  /** When several copy buttons share a screen: what this one copies ("Copy your message"). */
  accessibleName?: string;
  small?: boolean;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        aria-label={accessibleName && !copied ? accessibleName : undefined}
        onClick={async () => {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        }}
        className={`inline-flex items-center gap-1.5 rounded-lg border border-white/15 font-medium text-slate-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 ${small ? "px-2 py-1 text-xs" : "px-3 py-1.5 text-sm"}`}
      >
        {copied ? <Icon path={icons.check} className="size-4 text-emerald-400" /> : <Icon path={icons.copy} className="size-4" />}
        {copied ? "Copied" : label}
      </button>
      <span role="status" className="sr-only">
        {copied ? "Copied to the clipboard" : ""}
      </span>
    </>
  );
}
