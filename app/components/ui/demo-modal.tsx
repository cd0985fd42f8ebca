import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "~/shared/root-data";
import { demoSeenCookie, demoToolOf } from "~/shared/demo-seen";
import type { ToolActionData } from "~/shared/tool-action-data";
import { Icon } from "./icon";
import * as icons from "./lucide-paths";
import { focusArrivedResult } from "./result-focus";

const linkClass = "text-violet-300 underline underline-offset-4 hover:text-violet-200";

type DemoModalProps = {
  /** The tool action's answer: a result or a failure renders the modal open from the server (works without JavaScript). */
  answer: ToolActionData<unknown> | undefined;
  /** The tool's action is running: the modal opens as it starts (spec §4). */
  busy: boolean;
  title?: string;
  children?: ReactNode;
  /** The button's label and, if given, where it takes the visitor after closing. */
  buttonLabel?: string;
  buttonTo?: string;
};

/**
 * The 'Demo Version' modal, once per tool per visit: the first action of a tool opens it (spec
 * §4), later ones do not (demo-seen.ts). A native <dialog> that fills the viewport: its card sits
 * on a backdrop that is a `method="dialog"` button, so the close button, a click beside the card
 * and (as a modal) Escape close it, with or without JavaScript. With JavaScript it opens as a
 * modal (focus moves in and is trapped); on closing, focus goes back where it was, or to the
 * result when that control is gone (a submit button disabled while busy).
 */
export function DemoModal({ answer, busy, title = "Demo Version", children, buttonLabel = "Got it", buttonTo }: DemoModalProps) {
  // An answer given to a subscriber is a real result: no demo notice about it.
  const openOnLoad = (answer?.state === "done" || answer?.state === "failed") && !answer.subscriber;
  const openWhen = busy && !answer?.subscriber;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<Element | null>(null);
  const root = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  const tool = demoToolOf(pathname);
  const subscriber = root?.subscriber ?? false;
  // A signed-in person without a plan is not asked to sign in again: plans are their next step.
  const signedIn = Boolean(root?.account);
  // Only the first render decides the open attribute; afterwards the dialog manages itself. The
  // server knows from the request's cookie whether this visit already saw this tool's modal.
  const [initiallyOpen] = useState(openOnLoad && !(root?.demoSeen ?? []).includes(tool));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (dialog.open) markSeen(tool);
    // A server-opened, non-modal dialog becomes a real modal once JavaScript runs: Escape and the focus trap work.
    if (dialog.open && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-primary]")?.focus();
    }
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: the dialog the server rendered
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!openWhen || !dialog || subscriber) return;
    if (seenInThisTab(tool)) return;
    markSeen(tool);
    returnFocusTo.current = document.activeElement;
    if (dialog.open) dialog.close();
    dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-primary]")?.focus();
  }, [openWhen, subscriber, tool]);

  function restoreFocus() {
    const previous = returnFocusTo.current;
    returnFocusTo.current = null;
    if (focusArrivedResult()) return;
    if (previous instanceof HTMLElement && previous.isConnected && !previous.matches(":disabled")) previous.focus();
    // The control that opened it is disabled while the action runs: the page's main content takes
    // the focus until the result arrives and takes it (result-focus.ts).
    else document.querySelector<HTMLElement>("main")?.focus({ preventScroll: true });
  }

  // Subscribers get full results: the demo notice is not for them.
  if (subscriber) return null;

  return (
    <dialog
      ref={dialogRef}
      open={initiallyOpen || undefined}
      aria-labelledby="demo-modal-title"
      onClose={restoreFocus}
      className="demo-modal fixed inset-0 z-50 m-0 size-full max-h-none max-w-none overflow-y-auto bg-transparent p-0 text-slate-100"
    >
      <form method="dialog" className="relative flex min-h-full items-center justify-center p-4">
        <div className="relative z-10 w-[min(28rem,100%)] rounded-2xl border border-white/10 bg-slate-900 p-6 shadow-2xl sm:p-8">
          <button
            type="submit"
            aria-label="Close"
            className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
          >
            <Icon path={icons.x} className="size-5" />
          </button>
          <div className="flex items-center gap-3 pr-10">
            <span
              className="inline-flex size-10 items-center justify-center rounded-xl bg-violet-500/15 text-violet-300"
              aria-hidden="true"
            >
              <Icon path={icons.info} className="size-5" />
            </span>
            <h2 id="demo-modal-title" className="text-xl font-semibold text-white">
              {title}
            </h2>
          </div>
          <p className="mt-4 text-slate-300">
            {children ??
              (signedIn ? (
                "The output shown is for demo purposes only. Choose a plan to experience the best results!"
              ) : (
                <>
                  The output shown is for demo purposes only. <SignInLink>Sign in</SignInLink> to experience the best results!
                </>
              ))}
          </p>
          <p className="mt-2 text-sm text-slate-400">
            {signedIn ? null : (
              <>
                <Link to="/sign-in" className={linkClass}>
                  Sign in
                </Link>{" "}
                or{" "}
              </>
            )}
            <Link to="/pricing" className={linkClass}>
              {signedIn ? "See plans" : "see plans"}
            </Link>{" "}
            for full results and higher limits.
          </p>
          <div className="mt-6 flex justify-end">
            {buttonTo ? (
              <Link
                to={buttonTo}
                data-primary
                onClick={() => dialogRef.current?.close()}
                className="rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-5 py-2.5 font-semibold text-white"
              >
                {buttonLabel}
              </Link>
            ) : (
              <button
                type="submit"
                data-primary
                autoFocus
                className="rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-5 py-2.5 font-semibold text-white"
              >
                {buttonLabel}
              </button>
            )}
          </div>
        </div>
        {/* The backdrop, last so it never takes the first focus: a click beside the card closes the
            modal. The close button says so to everyone else. */}
        <button type="submit" tabIndex={-1} aria-hidden="true" className="absolute inset-0 size-full cursor-default" />
      </form>
    </dialog>
  );
}

// With JavaScript the tab's sessionStorage decides: the action's answer also sets the demo-seen
// cookie (for pages without JavaScript), and may land before the busy state first renders, so the
// cookie cannot tell whether this tab has shown the modal yet.
const seenKey = (tool: string) => `demo-seen:${tool}`;

function seenInThisTab(tool: string): boolean {
  try {
    return sessionStorage.getItem(seenKey(tool)) === "1";
  } catch {
    return false; // storage blocked: better the modal once too often than a page that breaks
  }
}

function markSeen(tool: string): void {
  try {
    sessionStorage.setItem(seenKey(tool), "1");
  } catch {
    // Blocked: the cookie below still spares a page without JavaScript.
  }
  const cookie = demoSeenCookie(document.cookie, tool);
  if (cookie) document.cookie = cookie;
}

/** The words 'Sign in' inside a modal's message, leading to /sign-in. */
export function SignInLink({ children }: { children: ReactNode }) {
  return (
    <Link to="/sign-in" className={linkClass}>
      {children}
    </Link>
  );
}
