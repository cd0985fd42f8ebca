import { RadioOptions } from "~/components/ui/radio-options";
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { UpgradeLink } from "~/components/billing/upgrade-link";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { revealArrivedResult } from "~/components/ui/result-focus";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { ToolActionData } from "~/shared/tool-action-data";
import { formatCount } from "~/forms/format-count";
import { useToolForm, type FormToolId } from "./tool-form";
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

/**
 * Below a tool's form (the writer, voiceover, image generation, image editing): the error, the
 * busy note while the action runs (when the tool has one), then the result, in one polite live region.
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
  busyText?: string;
  /** The action's answer, for the way on after a limit (UpgradeLink). */
  answer?: ToolActionData<unknown>;
  children: ReactNode;
}) {
  return (
    <div className="mt-6" aria-live="polite">
      <ActionError message={error} answer={answer} />
      {busy && busyText ? (
        <Card>
          <p className="text-slate-300">{busyText}</p>
        </Card>
      ) : null}
      {children}
    </div>
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

// Tailwind needs whole class names in the source: each form tool's colours (DESIGN.md: one
// gradient per tool), a shade darker on the button than on the tool's icon (content/tools.ts).
const buttonGradients: Record<FormToolId, string> = {
  detector: "from-blue-600 to-cyan-600",
  humanizer: "from-emerald-600 to-teal-600",
  writer: "from-violet-600 to-purple-600",
  voiceover: "from-orange-600 to-amber-600",
  imagine: "from-pink-600 to-rose-600",
};
// The tools with choice cards.
const checkedCardAccents: Partial<Record<FormToolId, string>> = {
  writer: "peer-checked:border-violet-400 peer-checked:bg-violet-500/15 peer-focus-visible:outline-violet-400",
  voiceover: "peer-checked:border-orange-400 peer-checked:bg-orange-500/15 peer-focus-visible:outline-orange-400",
  imagine: "peer-checked:border-pink-400 peer-checked:bg-pink-500/15 peer-focus-visible:outline-pink-400",
};

type SubmitButtonProps = {
  label: string;
  busyLabel: string;
  /** The icon's path (lucide-paths.ts), drawn while the action is not running. */
  icon: string;
};

/**
 * The tool's action button. It is only disabled once JavaScript runs: a server-rendered disabled
 * button could never be pressed with JavaScript off. Nothing to send while the main text is blank
 * after trimming (spec §4).
 */
export function SubmitButton({ label, busyLabel, icon }: SubmitButtonProps) {
  const hydrated = useHydrated();
  const { tool, busy, text, document } = useToolForm();
  // A chosen document stands in for the text.
  const blank = text.value.trim() === "" && !document?.name;
  return (
    <button
      type="submit"
      disabled={hydrated && (busy || blank)}
      aria-disabled={hydrated && (busy || blank)}
      className={`inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r ${buttonGradients[tool]} px-6 py-3 font-semibold text-white shadow-lg transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:brightness-100`}
    >
      {busy ? (
        <span
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          aria-hidden="true"
        />
      ) : (
        <Icon path={icon} className="size-5" />
      )}
      {busy ? busyLabel : label}
    </button>
  );
}

export const textAreaClass =
  "block w-full resize-y rounded-xl border border-white/10 bg-slate-950/60 px-4 py-3 text-base text-slate-100 placeholder:text-slate-400 focus:border-white/30 disabled:opacity-70";

type MainTextAreaProps = {
  /** `${tool}-${name}` unless given. */
  id?: string;
  /** The count that describes the field, where it is not the form's own (`${tool}-count`): a second form of the tool on the page. */
  countId?: string;
  name?: string;
  label: string;
  rows: number;
  placeholder: string;
  /** Classes of the field's block: its spacing from what comes before. */
  className?: string;
  /** A hint under the field. */
  children?: ReactNode;
};

/**
 * A tool's main text (ToolForm's `text`): its label, the textarea, its field error and any hint, described
 * by the count. The limit is not a `maxlength`, which silently cut a longer paste: the text is
 * kept whole, the count turns red, the field says by how much it is over and, as an invalid
 * field, is not sent; without JavaScript the server refuses it with the same limit.
 */
export function MainTextArea({ id, countId, name = "text", label, rows, placeholder, className = "", children }: MainTextAreaProps) {
  const { tool, busy, fieldErrors, text, document } = useToolForm();
  const { value, onChange, maxLength } = text;
  const fieldId = id ?? `${tool}-${name}`;
  const field = useRef<HTMLTextAreaElement>(null);
  useValueTypedBeforeHydration(field, value, onChange);
  const over = value.length - maxLength;
  const overMessage =
    over > 0
      ? `Too long by ${formatCount(over)} character${over === 1 ? "" : "s"}: the limit is ${formatCount(maxLength)}. Shorten the text to send it.`
      : undefined;
  useEffect(() => field.current?.setCustomValidity(overMessage ?? ""), [overMessage]);
  const shownError = fieldErrors[name] ?? overMessage;
  // Unique on the page: the image tool has two forms, each with its own main text.
  const errorId = id ? `${id}-error` : `${tool}-field-error`;
  return (
    <div className={`grid gap-2 ${className}`}>
      <FieldLabel htmlFor={fieldId}>{label}</FieldLabel>
      <textarea
        ref={field}
        id={fieldId}
        // A form that takes a document may be sent with the box empty; the server says what is missing.
        required={!document}
        name={name}
        rows={rows}
        value={value}
        disabled={busy}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${countId ?? `${tool}-count`} ${errorId}`}
        className={textAreaClass}
      />
      <FieldError id={errorId} message={shownError} />
      {children}
    </div>
  );
}

type ChoiceCardsProps = {
  legend: string;
  name: string;
  options: readonly { id: string; name: string; description: ReactNode; descriptionId?: string }[];
  selected: string;
};

/**
 * The main text's count beside the submit button. `countId` where the count's id is not the
 * form's own (`${tool}-count`).
 */
export function SubmitRow({ className, countId, ...button }: SubmitButtonProps & { className?: string; countId?: string }) {
  return (
    <div className={`${className ? `${className} ` : ""}flex flex-wrap items-center justify-between gap-3`}>
      <CharacterCount id={countId} />
      <SubmitButton {...button} />
    </div>
  );
}

/** Real radio inputs styled as cards in the tool's colour (DESIGN.md): they work without JavaScript. */
export function ChoiceCards({ legend, name, options, selected }: ChoiceCardsProps) {
  const { tool, busy, fieldErrors } = useToolForm();
  return (
    <fieldset disabled={busy}>
      <legend className="font-semibold text-white">{legend}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <RadioOptions
          name={name}
          options={options}
          selected={selected}
          boxClassName={`block h-full rounded-xl border border-white/10 bg-slate-950/40 p-4 transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 hover:bg-white/5 ${checkedCardAccents[tool] ?? ""}`}
        >
          {(option) => (
            <>
              <span className="block font-semibold text-white">{option.name}</span>
              <span id={option.descriptionId} className="mt-1 block text-sm text-slate-300">
                {option.description}
              </span>
            </>
          )}
        </RadioOptions>
      </div>
      <FieldError id={`${tool}-${name}-error`} message={fieldErrors[name]} />
    </fieldset>
  );
}
