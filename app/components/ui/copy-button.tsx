import { useState } from "react";
import { Icon } from "./icon";
import * as icons from "./lucide-paths";
import { useHydrated } from "./use-hydrated";

/** Copies text to the clipboard and confirms it; rendered only when JavaScript can do the copying. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        }}
        className="inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5"
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
