import { useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { UpgradeLink } from "~/components/billing/upgrade-link";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { revealArrivedResult } from "~/components/ui/result-focus";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { ToolActionData } from "~/shared/tool-action-data";
import { formatCount } from "~/forms/format-count";
import { useValueTypedBeforeHydration } from "./use-value-typed-before-hydration";

/**
 * True while this route's form is being submitted (JavaScript on). A page with two forms (Imagine
 * AI's Generate and Edit) names the form's action, so only that form counts as busy.
 */
export function useToolBusy(formAction?: string): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state === "idle" || navigation.formMethod !== "POST") return false;
  return formAction ? navigation.formAction === formAction : navigation.formAction?.split("?")[0] === pathname;
}

/**
 * What a tool screen shows for its action's answer. Starting a new submission clears the previous
 * result and error (spec §4): while busy, nothing of the last answer is shown.
 */
export function useToolState<Result>(actionData?: ToolActionData<Result>, formAction?: string) {
  const busy = useToolBusy(formAction);
  const shown = busy ? undefined : actionData;
  useRevealOnArrival(busy, shown);
  return {
    busy,
    shown,
    result: shown?.state === "done" ? shown.result : undefined,
    error: shown?.state === "failed" || shown?.state === "rate-limited" ? shown.message : undefined,
    fieldErrors: shown?.state === "invalid" ? shown.fieldErrors : ({} as Record<string, string>),
  };
}

/** Once an answer replaces the busy state, its result (or error) is scrolled to and focused. */
export function useRevealOnArrival(busy: boolean, answer: unknown) {
  const waiting = useRef(false);
  useEffect(() => {
    if (busy) {
      waiting.current = true;
      return;
    }
    if (!waiting.current || answer === undefined) return;
    waiting.current = false;
    // After the result has rendered and the browser has laid it out.
    const frame = requestAnimationFrame(revealArrivedResult);
    return () => cancelAnimationFrame(frame);
  }, [busy, answer]);
}

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

/**
 * Below a media tool's form (voiceover, image generation, image editing): the error, the busy
 * note while the action runs, then the result, in one polite live region.
 */
export function ResultRegion({
  error,
  busy,
  busyText,
  answer,
  children,
}: {
  error?: string;
  busy: boolean;
  busyText: string;
  /** The action's answer, for the way on after a limit (UpgradeLink). */
  answer?: ToolActionData<unknown>;
  children: ReactNode;
}) {
  return (
    <div className="mt-6" aria-live="polite">
      {error ? (
        <ErrorBox>
          {error}
          <UpgradeLink actionData={answer} />
        </ErrorBox>
      ) : null}
      {busy ? (
        <Card>
          <p className="text-slate-300">{busyText}</p>
        </Card>
      ) : null}
      {children}
    </div>
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

/** '1,234 / 10,000 characters', live while typing. */
export function CharacterCount({ count, max, id }: { count: number; max: number; id: string }) {
  const over = count > max;
  return (
    <p id={id} aria-live="polite" className={`text-sm tabular-nums ${over ? "text-rose-300" : "text-slate-400"}`}>
      {formatCount(count)} / {formatCount(max)} characters
    </p>
  );
}

type SubmitButtonProps = {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** The main input is blank after trimming: nothing to send (spec §4). */
  blank: boolean;
  gradient: string;
  icon?: ReactNode;
};

/**
 * The tool's action button. It is only disabled once JavaScript runs: a server-rendered disabled
 * button could never be pressed with JavaScript off.
 */
export function SubmitButton({ label, busyLabel, busy, blank, gradient, icon }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={hydrated && (busy || blank)}
      aria-disabled={hydrated && (busy || blank)}
      className={`inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r ${gradient} px-6 py-3 font-semibold text-white shadow-lg transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:brightness-100`}
    >
      {busy ? (
        <span
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          aria-hidden="true"
        />
      ) : (
        icon
      )}
      {busy ? busyLabel : label}
    </button>
  );
}

export const textAreaClass =
  "block w-full resize-y rounded-xl border border-white/10 bg-slate-950/60 px-4 py-3 text-base text-slate-100 placeholder:text-slate-400 focus:border-white/30 disabled:opacity-70";

type MainTextAreaProps = {
  /** The tool's prefix: ids become `${tool}-count` and `${tool}-field-error`. */
  tool: string;
  id: string;
  name: string;
  label: string;
  rows: number;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  placeholder: string;
  error?: string;
  /** Extra classes for the textarea (spacing under the label). */
  className?: string;
};

/**
 * A tool's main text: its label, the textarea and its field error, described by the count below.
 * The limit is not a `maxlength`, which silently cut a longer paste: the text is
 * kept whole, the count turns red, the field says by how much it is over and, as an invalid
 * field, is not sent; without JavaScript the server refuses it with the same limit.
 */
export function MainTextArea({ tool, id, label, onChange, error, className, maxLength, ...textarea }: MainTextAreaProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  useValueTypedBeforeHydration(field, textarea.value, onChange);
  const over = textarea.value.length - maxLength;
  const overMessage =
    over > 0
      ? `Too long by ${formatCount(over)} character${over === 1 ? "" : "s"}: the limit is ${formatCount(maxLength)}. Shorten the text to send it.`
      : undefined;
  useEffect(() => field.current?.setCustomValidity(overMessage ?? ""), [overMessage]);
  const shownError = error ?? overMessage;
  return (
    <>
      <label htmlFor={id} className="font-semibold text-white">
        {label}
      </label>
      <textarea
        ref={field}
        id={id}
        required
        {...textarea}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${tool}-count ${tool}-field-error`}
        className={className ? `${textAreaClass} ${className}` : textAreaClass}
      />
      <FieldError id={`${tool}-field-error`} message={shownError} />
    </>
  );
}

type ChoiceCardsProps = {
  legend: string;
  name: string;
  options: readonly { id: string; name: string; detail: ReactNode; detailId?: string }[];
  selected: string;
  disabled: boolean;
  /** Full Tailwind classes for the checked and focused card in the tool's colour. */
  accent: string;
  errorId: string;
  error?: string;
};

/** Real radio inputs styled as cards (DESIGN.md): they work without JavaScript. */
export function ChoiceCards({ legend, name, options, selected, disabled, accent, errorId, error }: ChoiceCardsProps) {
  return (
    <fieldset disabled={disabled}>
      <legend className="font-semibold text-white">{legend}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => (
          <label key={option.id} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={option.id}
              defaultChecked={option.id === selected}
              aria-describedby={option.detailId}
              className="peer sr-only"
            />
            <span
              className={`block h-full rounded-xl border border-white/10 bg-slate-950/40 p-4 transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 hover:bg-white/5 ${accent}`}
            >
              <span className="block font-semibold text-white">{option.name}</span>
              <span id={option.detailId} className="mt-1 block text-sm text-slate-300">
                {option.detail}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
