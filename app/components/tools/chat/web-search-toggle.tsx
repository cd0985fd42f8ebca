import { webSearchQuotaNote } from "~/content/plans";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";

type WebSearchToggleProps = {
  /** The provider is configured: only it can search. */
  available: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
};

/**
 * 'Search the web' for the next message (the form field `web_search`, "on" when ticked). Off by
 * default and not kept from one message to the next: the screen unticks it once a message is sent.
 * On the offline engine there is nothing to switch on, so the screen says why instead.
 */
export function WebSearchToggle({ available, checked, onChange, disabled }: WebSearchToggleProps) {
  if (!available) {
    return (
      <p className="mt-3 flex items-start gap-2 text-sm text-slate-300">
        <Icon path={icons.scanSearch} className="mt-0.5 size-4 shrink-0 text-slate-400" />
        Web search needs the AI provider: the offline demo engine cannot search the web.
      </p>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <label className="inline-flex cursor-pointer items-center gap-2 font-medium text-slate-100">
        <input
          type="checkbox"
          name="web_search"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
          aria-describedby="chat-web-search-note"
          className="size-4 rounded border-white/30 bg-slate-950 accent-sky-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
        />
        <Icon path={icons.scanSearch} className="size-4 text-sky-300" />
        Search the web
      </label>
      <span id="chat-web-search-note" className="text-slate-300">
        For this message only; the answer lists its sources. {webSearchQuotaNote}
      </span>
    </div>
  );
}
