import type { InputHTMLAttributes, ReactNode } from "react";
import { Icon } from "./icon";
import * as icons from "./lucide-paths";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "aria-invalid" | "aria-describedby"> & {
  id: string;
  label: ReactNode;
  /** What is wrong with the value sent; it replaces the hint and describes the field (`${id}-error`). */
  error?: string;
  /** What the field wants, under it (`${id}-hint`). */
  hint?: ReactNode;
  /** Classes of the field's block (label, input and the line under it). */
  className?: string;
};

/** A labelled one-line field of the account pages, with its error or its hint under it. */
export function TextField({ id, label, error, hint, className = "", ...input }: TextFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`grid gap-2 ${className}`}>
      <label htmlFor={id} className="font-medium text-slate-100">
        {label}
      </label>
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="w-full rounded-xl border border-white/15 bg-slate-950/60 px-4 py-3 text-white placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="flex items-start gap-2 text-rose-300">
          <Icon path={icons.circleAlert} className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
