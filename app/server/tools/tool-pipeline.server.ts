import type { z } from "zod";
import type { ToolId } from "~/content/tools";
import { parseForm, type FormValues } from "~/forms/parse-form.server";
import { userMessageForProviderError } from "../ai/provider-errors.server";
import { takeToolAllowance } from "../limits/tool-allowance.server";
import { describeError, log } from "../log.server";
import { recordToolResult } from "../workspace/history.server";
import { SUBSCRIBER_MEDIA_RETENTION_SECONDS } from "../workspace/retention.server";
import { InputError } from "./input-error.server";
import { channelOf, ownerOf, type ToolCaller } from "./tool-caller.server";

// One tool run, whichever transport asked (the page's form, the chat's stream, the developer API):
// validate the input with the tool's schema → count its units → take them from the caller's quota
// or demo allowance → call the engine → keep a subscriber's result in their history → give the
// units back if the engine or the history fails. Every way it can end is one typed value, which
// each transport turns into its own answer (ToolActionData, NDJSON or SSE, problem+json).
// An upload whose reading is costly (a document's extraction) comes as a deferred extraction: the
// allowance is taken first, the upload read then, and the allowance given back if it is refused.

/** What a run may use besides its input. */
export type ToolRunOptions = {
  /** How long stored media lives: a subscriber's as long as the workspace keeps results, a visitor's a day. */
  mediaTtlSeconds?: number;
};

/** What a run that goes on after it returns (a streamed reply) gets to finish on its own. */
export type ContinuingRunOptions = ToolRunOptions & {
  /** Gives the units back when the work breaks off after the run returned. */
  release: () => Promise<void>;
  /** Keeps the finished result in a subscriber's history (nothing for a visitor). */
  keep: (result: unknown) => Promise<void>;
};

/** A tool as every transport runs it: its schema, its quota units and its engine call. */
export type ToolDefinition<S extends z.ZodType = z.ZodType, Result = unknown> = {
  tool: ToolId;
  schema: S;
  /** Quota units the run costs (voiceover: minutes of speech); 1 by default. */
  units?: (input: z.infer<S>) => number;
  run: (input: z.infer<S>, options: ContinuingRunOptions) => Promise<Result>;
  /** The run returns before its work is done and keeps its result itself, through `options.keep`. */
  continues?: true;
  /** False when this input's result must never reach the history (a temporary chat); kept by default. */
  keeps?: (input: z.infer<S>) => boolean;
};

export type ToolOutcome<Result> = (
  | { kind: "done"; result: Result }
  /**
   * Fields to fix: the schema's findings, the transport's own (an upload), or what only the work
   * found (an image damaged halfway); `status` when a deferred extraction refused the upload (400 or 413).
   */
  | { kind: "invalid"; fieldErrors: Record<string, string>; status?: 400 | 413 }
  /** The quota or the demo allowance is used up. */
  | { kind: "refused"; message: string; retryAfterSeconds: number; resetsAt?: number; upgradeUrl?: string }
  /** The engine or the history failed: the spec's message for the tool. */
  | { kind: "failed"; message: string }
) & {
  /** The form as a deferred extraction completed it (a document's text in the text field). */
  values?: FormValues;
};

/** What a deferred extraction makes of the form: its values, its own refusal beside its field, or another definition (a long document). */
export type ExtractedForm<Result> = {
  values: FormValues;
  fieldErrors?: Record<string, string>;
  status?: 400 | 413;
  definition?: ToolDefinition<z.ZodType, Result>;
};

/**
 * An upload's reading, done only once the run is paid for: it costs more than a refusal should (a
 * document's extraction), so a caller without allowance is refused before it starts. A run with
 * one costs one unit, as every tool that takes a document does.
 */
export type DeferredExtraction<Result> = () => Promise<ExtractedForm<Result>>;

const hasErrors = (fieldErrors?: Record<string, string>) => Object.keys(fieldErrors ?? {}).length > 0;

/**
 * Runs `definition` for `caller` on `values` (the input as the caller sent it, kept with the result
 * in the history). `fieldErrors` are the transport's own findings, reported with the schema's;
 * `extract` reads the upload after the allowance is taken (DeferredExtraction).
 */
export async function runTool<S extends z.ZodType, Result>(
  caller: ToolCaller,
  definition: ToolDefinition<S, Result>,
  values: FormValues,
  fieldErrors: Record<string, string> = {},
  extract?: DeferredExtraction<Result>,
): Promise<ToolOutcome<Result>> {
  const parsed = parseForm(definition.schema, values);
  if (hasErrors(fieldErrors) || (!extract && !parsed.ok)) {
    return { kind: "invalid", fieldErrors: { ...(parsed.ok ? {} : parsed.fieldErrors), ...fieldErrors } };
  }
  const units = extract || !parsed.ok ? 1 : Math.max(1, Math.ceil(definition.units?.(parsed.data) ?? 1));
  const allowance = await takeToolAllowance(caller, definition.tool, units);
  if (!allowance.allowed) {
    const { allowed: _refused, ...refusal } = allowance;
    return { kind: "refused", ...refusal };
  }
  if (!extract) return runPaid(caller, definition, values, parsed.ok ? parsed.data : undefined, allowance.release);

  let read: ExtractedForm<Result>;
  try {
    read = await extract();
  } catch (error) {
    await allowance.release();
    throw error;
  }
  const target = (read.definition ?? definition) as ToolDefinition<z.ZodType, Result>;
  const completed = parseForm(target.schema, read.values);
  if (!completed.ok || hasErrors(read.fieldErrors)) {
    await allowance.release();
    // The upload's own refusal first: it is what to fix (an API answer's detail is the first).
    const errors = { ...read.fieldErrors, ...(completed.ok ? {} : completed.fieldErrors) };
    return {
      kind: "invalid",
      fieldErrors: errors,
      values: read.values,
      ...(hasErrors(read.fieldErrors) ? { status: read.status ?? 400 } : {}),
    };
  }
  return { ...(await runPaid(caller, target, read.values, completed.data, allowance.release)), values: read.values };
}

/** The run once its units are taken: the engine, the history, the units given back on failure. */
async function runPaid<Result>(
  caller: ToolCaller,
  definition: ToolDefinition<z.ZodType, Result>,
  values: FormValues,
  input: unknown,
  release: () => Promise<void>,
): Promise<ToolOutcome<Result>> {
  const { tool } = definition;
  const owner = ownerOf(caller)?.email;
  const channel = channelOf(caller);
  const event = channel === "api" ? "api tool call" : "tool action";
  const kept = definition.keeps?.(input) ?? true;
  const keep = async (result: unknown) => {
    if (owner && kept) await recordToolResult(owner, tool, channel, values, result);
  };
  const started = Date.now();
  try {
    const options = { release, keep, ...(owner ? { mediaTtlSeconds: SUBSCRIBER_MEDIA_RETENTION_SECONDS } : {}) };
    const result = await definition.run(input, options);
    log("info", event, { tool, ms: Date.now() - started });
    if (!definition.continues) await keep(result);
    return { kind: "done", result };
  } catch (error) {
    await release();
    if (error instanceof InputError) return { kind: "invalid", fieldErrors: { [error.field]: error.message } };
    log("error", `${event} failed`, { tool, ms: Date.now() - started, ...describeError(error) });
    return { kind: "failed", message: userMessageForProviderError(tool, error) };
  }
}

/** A definition whose run needs more than its input (an upload read beside the form): the same tool, `extra` added to the input. */
export function withInput<S extends z.ZodType, Result, Extra extends object>(
  definition: ToolDefinition<S, Result>,
  extra: Extra,
): ToolDefinition<S, Result> {
  return { ...definition, run: (input, options) => definition.run({ ...(input as object), ...extra } as z.infer<S>, options) };
}
