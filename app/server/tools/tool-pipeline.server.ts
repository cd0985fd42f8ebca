import type { z } from "zod";
import type { ToolId } from "~/content/tools";
import { parseForm } from "~/forms/parse-form.server";
import { userMessageForProviderError } from "../ai/provider-errors.server";
import { takeToolAllowance } from "../limits/tool-allowance.server";
import { describeError, log } from "../log.server";
import { accountExists } from "../account/sessions.server";
import { serverEnv } from "../env.server";
import { historyEntry, ownedMediaKeys } from "../workspace/history-entry.server";
import { recordToolResult } from "../workspace/history.server";
import { SUBSCRIBER_MEDIA_RETENTION_SECONDS } from "../workspace/retention.server";
import { InputError } from "./input-error.server";
import { channelOf, ownerOf, type ToolCaller } from "./tool-caller.server";
import type { ContinuingRunOptions, ExtractedForm, InputValues, ToolDefinition, ToolForm, ToolOutcome } from "./tool-definition.server";

// One tool run (tool-definition.server.ts), whichever transport asked (the page's form, the chat's stream, the developer API):
// validate the input with the tool's schema → count its units → take them from the caller's quota
// or demo allowance → call the engine → keep a subscriber's result in their history → give the
// units back if the engine or the history fails. Every way it can end is one typed value, which
// each transport turns into its own answer (ToolActionData, NDJSON or SSE, problem+json).
// An upload whose reading is costly (a document's extraction) comes as a deferred extraction: the
// allowance is taken first, the upload read then, and the allowance given back if it is refused.

const hasErrors = (fieldErrors?: Record<string, string>) => Object.keys(fieldErrors ?? {}).length > 0;

/** What a run gets from its transport. */
export type RunContext = {
  waitUntil: (work: Promise<unknown>) => void;
  /** A page answers a run that goes on (a chat reply) after this long, with what there is so far. */
  answerWithinMs?: number;
};

/**
 * Runs `definition` for `caller` on a read form: its values (the input as the caller sent it, kept
 * with the result in the history), the upload's own field errors, reported with the schema's, and
 * its deferred extraction, read after the allowance is taken (DeferredExtraction).
 */
export async function runTool<S extends z.ZodType, Result>(
  caller: ToolCaller,
  definition: ToolDefinition<S, Result>,
  form: ToolForm,
  context: RunContext,
): Promise<ToolOutcome<Result>> {
  const { values, fieldErrors = {}, extract } = form;
  definition = (form.definition as ToolDefinition<S, Result> | undefined) ?? definition;
  const parsed = parseForm(definition.schema, values);
  if (hasErrors(fieldErrors) || (!extract && !parsed.ok)) {
    const errors = { ...(parsed.ok ? {} : parsed.fieldErrors), ...fieldErrors };
    return { kind: "invalid", fieldErrors: errors, ...(hasErrors(fieldErrors) && form.status ? { status: form.status } : {}) };
  }
  const units = extract || !parsed.ok ? 1 : Math.max(1, Math.ceil(definition.units?.(parsed.data) ?? 1));
  const demoActions = extract || !parsed.ok ? 1 : Math.max(1, Math.ceil(definition.demoActions?.(parsed.data) ?? 1));
  const allowance = await takeToolAllowance(caller, definition.tool, units, demoActions);
  if (!allowance.allowed) {
    const { allowed: _refused, ...refusal } = allowance;
    return { kind: "refused", ...refusal };
  }
  const paid = { caller, release: allowance.release, context };
  if (!extract) return runPaid(paid, definition, values, parsed.ok ? { ...(parsed.data as object), ...form.extra } : undefined);

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
  return {
    ...(await runPaid(paid, target, read.values, { ...(completed.data as object), ...form.extra, ...read.extra })),
    values: read.values,
  };
}

/** The run once its units are taken: the engine, the history, the units given back on failure. */
async function runPaid<Result>(
  { caller, release, context }: { caller: ToolCaller; release: () => Promise<void>; context: RunContext },
  definition: ToolDefinition<z.ZodType, Result>,
  values: InputValues,
  input: unknown,
): Promise<ToolOutcome<Result>> {
  const { tool } = definition;
  const owner = ownerOf(caller)?.email;
  const channel = channelOf(caller);
  const event = channel === "api" ? "api tool call" : "tool action";
  const keepAs = owner && (definition.keeps?.(input) ?? true) ? { email: owner, source: channel, values } : undefined;
  const started = Date.now();
  try {
    const options = {
      release,
      waitUntil: context.waitUntil,
      ...(keepAs ? { keepAs } : {}),
      ...(context.answerWithinMs ? { answerWithinMs: context.answerWithinMs } : {}),
      ...(owner ? { mediaTtlSeconds: SUBSCRIBER_MEDIA_RETENTION_SECONDS } : {}),
    };
    const result = await definition.run(input, options);
    log("info", event, { tool, ms: Date.now() - started });
    if (!definition.continues && keepAs) await keepResult(keepAs, tool, result);
    return { kind: "done", result };
  } catch (error) {
    await release();
    if (error instanceof InputError) return { kind: "invalid", fieldErrors: { [error.field]: error.message } };
    log("error", `${event} failed`, { tool, ms: Date.now() - started, ...describeError(error) });
    return { kind: "failed", message: userMessageForProviderError(tool, error) };
  }
}

/**
 * A subscriber's result goes into their history only while the account exists: 'Delete my account'
 * may have come while the tool ran (an image takes seconds). Then nothing of the run is kept, not
 * even the media it stored (its result, an uploaded original), which no row would point at; the
 * page still gets its answer. A chat reply's object asks the same (conversation-turn.server.ts).
 */
async function keepResult(keepAs: NonNullable<ContinuingRunOptions["keepAs"]>, tool: ToolId, result: unknown): Promise<void> {
  // A check that fails keeps the result as before (a storage error is logged, never the person's answer lost).
  if (await accountExists(keepAs.email).catch(() => true)) {
    return void (await recordToolResult(keepAs.email, tool, keepAs.source, keepAs.values, result));
  }
  try {
    const { mediaId, uploadMediaId } = historyEntry(tool, keepAs.values, result);
    const keys = ownedMediaKeys({ media_id: mediaId ?? null, upload_media_id: uploadMediaId ?? null });
    if (keys.length) await serverEnv().MEDIA.delete(keys);
  } catch (error) {
    log("error", "a deleted account's new media could not be deleted", describeError(error));
  }
}
