import type { RefObject } from "react";
import { useNavigation, useSubmit } from "react-router";
import { CopyButton } from "~/components/ui/copy-button";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { ShareState } from "~/shared/shared-conversation";

/** Where Share posts: the chat page's action, told apart by the query (docs/decisions/049). */
export const SHARE_ACTION = "/conversational-ai?share";

const headerButton =
  "inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400";

/**
 * Share for subscribers: a submit button of the chat form posting the conversation it carries to
 * the page's action, which answers the page with the link. With JavaScript the same post is made
 * by the router (the form's own submit streams a message instead); the chat stays mounted, so the
 * conversation on screen stays as it is. Not a fetcher: useFetcher would add its code to the
 * JavaScript every page loads (tests/bench bytes, 2026-11-26).
 */
export function useShareConversation(formRef: RefObject<HTMLFormElement | null>, answered?: ShareState) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const sharing = navigation.state !== "idle" && navigation.formAction === SHARE_ACTION;
  const state = sharing ? undefined : answered;
  const button = (hydrated: boolean, hasFiles: boolean) => (
    <>
      {hasFiles ? (
        <label className="inline-flex items-center gap-2 text-sm text-slate-300">
          <input type="checkbox" name="includeFiles" value="on" className="size-4" />
          Include attached files
        </label>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="share"
        formAction={SHARE_ACTION}
        formNoValidate
        disabled={sharing}
        onClick={(event) => {
          if (!hydrated || !formRef.current) return;
          event.preventDefault();
          const form = new FormData(formRef.current);
          form.set("intent", "share");
          // Files chosen for the next message are not shared (nor sent for nothing).
          form.delete("files");
          void submit(form, { method: "post", action: SHARE_ACTION, encType: "multipart/form-data", preventScrollReset: true });
        }}
        className={headerButton}
      >
        <Icon path={icons.arrowRight} className="size-4" />
        Share
      </button>
    </>
  );
  return { button, panel: <SharePanel state={state} /> };
}

function SharePanel({ state }: { state?: ShareState }) {
  return (
    <div aria-live="polite">
      {state && "path" in state ? (
        <div className="border-b border-white/10 bg-emerald-500/10 px-5 py-3 text-sm text-slate-200">
          <p className="font-medium text-white">Anyone with this link can read this conversation as it is now:</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <a href={state.path} className="break-all text-sky-300 underline">
              {state.url}
            </a>
            <CopyButton small text={state.url} label="Copy link" />
          </div>
          <p className="mt-2 text-slate-300">
            Copy it now: it is shown only this once (we keep only a fingerprint of it). Revoke it any time under{" "}
            <a href="/dashboard#shared-conversations" className="text-sky-300 underline">
              Shared conversations on your dashboard
            </a>
            .
          </p>
        </div>
      ) : state ? (
        <p role="alert" className="flex items-start gap-2 border-b border-white/10 bg-rose-500/10 px-5 py-3 text-sm text-rose-200">
          <Icon path={icons.circleAlert} className="mt-0.5 size-4 shrink-0" />
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
