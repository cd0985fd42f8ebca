import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { Icon } from "./icon";
import * as icons from "./lucide-paths";

const linkClass = "text-violet-300 underline underline-offset-4 hover:text-violet-200";

type DemoModalProps = {
  /** Rendered open by the server: the page is an action's answer (works without JavaScript). */
  openOnLoad: boolean;
  /** Opens the modal whenever it changes to true: an action has started (spec §4). */
  openWhen: boolean;
  title?: string;
  children?: ReactNode;
  /** The button's label and, if given, where it takes the visitor after closing. */
  buttonLabel?: string;
  buttonTo?: string;
};

/**
 * The 'Demo Version' modal. A native <dialog>: with JavaScript it opens as a modal (focus moves
 * in, Escape closes, focus returns); without it the server renders it open and its
 * `method="dialog"` form closes it — no script needed either way.
 */
export function DemoModal({
  openOnLoad,
  openWhen,
  title = "Demo Version",
  children,
  buttonLabel = "Got it",
  buttonTo,
}: DemoModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const subscriber = root?.subscriber ?? false;
  // A signed-in person without a plan is not asked to sign in again: plans are their next step.
  const signedIn = Boolean(root?.account);
  // Only the first render decides the open attribute; afterwards the dialog manages itself.
  const [initiallyOpen] = useState(openOnLoad);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!openWhen || !dialog || subscriber) return;
    if (dialog.open) dialog.close(); // a server-opened, non-modal dialog becomes a real modal
    dialog.showModal();
  }, [openWhen, subscriber]);

  // Subscribers get full results: the demo notice is not for them.
  if (subscriber) return null;

  return (
    <dialog
      ref={dialogRef}
      open={initiallyOpen || undefined}
      aria-labelledby="demo-modal-title"
      className="demo-modal fixed inset-0 z-50 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-white/10 bg-slate-900 p-0 text-slate-100 shadow-2xl"
    >
      <div className="p-6 sm:p-8">
        <div className="flex items-center gap-3">
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
                The output shown is for demo purposes only.{" "}
                <SignInLink>Sign in</SignInLink> to experience the best results!
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
        <form method="dialog" action={buttonTo} className="mt-6 flex justify-end">
          {buttonTo ? (
            <Link
              to={buttonTo}
              onClick={() => dialogRef.current?.close()}
              className="rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-5 py-2.5 font-semibold text-white"
            >
              {buttonLabel}
            </Link>
          ) : (
            <button
              type="submit"
              autoFocus
              className="rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-5 py-2.5 font-semibold text-white"
            >
              {buttonLabel}
            </button>
          )}
        </form>
      </div>
    </dialog>
  );
}

/** The words 'Sign in' inside a modal's message, leading to /sign-in (issue 18). */
export function SignInLink({ children }: { children: ReactNode }) {
  return (
    <Link to="/sign-in" className={linkClass}>
      {children}
    </Link>
  );
}
