import { RadioOptions } from "~/components/ui/radio-options";
import { useEffect, useRef, type ReactNode } from "react";
import { formatCount } from "~/forms/format-count";
import { FieldError, FieldLabel } from "./form-parts";
import { useToolForm, type FormToolId } from "./tool-form";
import { useValueTypedBeforeHydration } from "./use-value-typed-before-hydration";

// A tool form's main text and its choice cards, both bound to the form (ToolForm).

// The tools with choice cards.
const checkedCardAccents: Partial<Record<FormToolId, string>> = {
  writer: "peer-checked:border-violet-400 peer-checked:bg-violet-500/15 peer-focus-visible:outline-violet-400",
  voiceover: "peer-checked:border-orange-400 peer-checked:bg-orange-500/15 peer-focus-visible:outline-orange-400",
  imagine: "peer-checked:border-pink-400 peer-checked:bg-pink-500/15 peer-focus-visible:outline-pink-400",
};

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

type ChoiceOption = { id: string; name: string; description: ReactNode; descriptionId?: string };

type ChoiceCardsProps = { legend: string; name: string; options: readonly ChoiceOption[]; selected: string };

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
          {choiceCardText}
        </RadioOptions>
      </div>
      <FieldError id={`${tool}-${name}-error`} message={fieldErrors[name]} />
    </fieldset>
  );
}

/** A choice card's words, RadioOptions' `children`: the option's name, then what it does (the text its radio is described by). */
export function choiceCardText(option: ChoiceOption) {
  return (
    <>
      <span className="block font-semibold text-white">{option.name}</span>
      <span id={option.descriptionId} className="mt-1 block text-sm text-slate-300">
        {option.description}
      </span>
    </>
  );
}
