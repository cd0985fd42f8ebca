import { z } from "~/forms/zod";
import { formatCount } from "./format-count";

/** A text field that must be filled: trimmed, not blank, at most `max` characters. */
export function requiredText(max: number, missing: string, subject: string) {
  return (
    z
      // Absent is the gentle case; another JSON value than text (the developer API) says so.
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : `The ${subject} must be text.`) })
      .trim()
      .min(1, missing)
      .max(max, `The ${subject} is too long: the limit is ${formatCount(max)} characters.`)
  );
}

/** A tool's main text ('Please enter the text to analyze.'). */
export function mainText(what: string, max: number) {
  return requiredText(max, `Please enter the ${what}.`, what);
}
