import type { ReactNode } from "react";
import { UpgradeLink } from "~/components/billing/upgrade-link";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { ToolActionData } from "~/shared/tool-action-data";
import { formatCount } from "~/forms/format-count";
import { useToolForm } from "./tool-form";

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl border border-white/10 bg-slate-900/60 p-5 sm:p-6 ${className}`}>{children}</div>;
}

/** The spec's red error box. */
export function ErrorBox({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p
      id={id}
      role="alert"
      // Server-rendered, it is an action's answer: focused on load, so scrolled into view without
      // JavaScript (result-focus.ts). React ignores autoFocus on a <p> rendered in the browser.
      tabIndex={-1}
      autoFocus
      className="scroll-mt-24 focus:outline-none flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200"
    >
      <Icon path={icons.circleAlert} className="mt-0.5 size-5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** An action's failure in the red box, with the way on when a limit was reached (UpgradeLink). */
export function ActionError({ message, answer, id }: { message?: string; answer?: ToolActionData<unknown>; id?: string }) {
  if (!message) return null;
  return (
    <ErrorBox id={id}>
      {message}
      <UpgradeLink actionData={answer} />
    </ErrorBox>
  );
}

/** A tool form field's label. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="font-semibold text-white">
      {children}
    </label>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-2 text-sm text-rose-300">
      {message}
    </p>
  );
}

/** '1,234 / 10,000 characters' for the form's main text, live while typing. */
export function CharacterCount({ id }: { id?: string }) {
  const { tool, text } = useToolForm();
  const count = text.value.length;
  const over = count > text.maxLength;
  return (
    <p id={id ?? `${tool}-count`} aria-live="polite" className={`text-sm tabular-nums ${over ? "text-rose-300" : "text-slate-400"}`}>
      {formatCount(count)} / {formatCount(text.maxLength)} characters
    </p>
  );
}
