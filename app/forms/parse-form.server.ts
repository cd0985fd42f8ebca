import type { z } from "zod";
import type { FormValues } from "~/shared/tool-action-data";
export type { FormValues };

// A read form checked against its schema: the data, or each field's first message beside it
// (docs/decisions/018). Reading the body is the request-body room's (app/server/request-body).

export type ParsedForm<T, V = FormValues> =
  { ok: true; data: T; values: V } | { ok: false; values: V; fieldErrors: Record<string, string>; status: 400 };

/** `values` as a form sent them (strings) or as JSON (any value): the same schema reads both. */
export function parseForm<S extends z.ZodType, V extends Record<string, unknown> = FormValues>(
  schema: S,
  values: V,
): ParsedForm<z.infer<S>, V> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, values, fieldErrors, status: 400 };
}
