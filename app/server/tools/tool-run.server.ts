import type { ToolId } from "~/content/tools";
import type { FormValues } from "~/forms/parse-form.server";
import { userMessageForProviderError } from "../ai/provider-errors.server";
import { describeError, log } from "../log.server";
import { recordToolResult } from "../workspace/history.server";
import { SUBSCRIBER_MEDIA_RETENTION_SECONDS } from "../workspace/retention.server";
import { InputError } from "./input-error.server";
import type { ToolRunOptions } from "./tool-runs.server";

// What every tool run does once its units are claimed (a subscriber's quota or a visitor's demo
// allowance), whichever transport asked (the page's form, the developer API): call the engine,
// keep a subscriber's result in their history, and give the units back if either fails. The
// outcome is one typed value that each transport turns into its own answer.

export type ToolRunOutcome<Result> =
  | { kind: "done"; result: Result }
  /** Bad input only the work itself found (an image damaged halfway): a 400 on that field. */
  | { kind: "invalid"; field: string; message: string }
  /** The engine or the history failed: the spec's message for the tool. */
  | { kind: "failed"; message: string };

export type ClaimedToolRun<Result> = {
  tool: ToolId;
  channel: "web" | "api";
  /** The input as the caller sent it, kept with the result in the history. */
  values: FormValues;
  /** The subscriber whose workspace keeps the result; absent for a demo visitor. */
  owner?: string;
  /** Gives the claimed units back. */
  release: () => Promise<void>;
  run: (options: ToolRunOptions) => Promise<Result>;
};

export async function runClaimedTool<Result>({
  tool,
  channel,
  values,
  owner,
  release,
  run,
}: ClaimedToolRun<Result>): Promise<ToolRunOutcome<Result>> {
  const event = channel === "api" ? "api tool call" : "tool action";
  const started = Date.now();
  try {
    const result = await run(owner ? { mediaTtlSeconds: SUBSCRIBER_MEDIA_RETENTION_SECONDS } : {});
    log("info", event, { tool, ms: Date.now() - started });
    if (owner) await recordToolResult(owner, tool, channel, values, result);
    return { kind: "done", result };
  } catch (error) {
    await release();
    if (error instanceof InputError) return { kind: "invalid", field: error.field, message: error.message };
    log("error", `${event} failed`, { tool, ms: Date.now() - started, ...describeError(error) });
    return { kind: "failed", message: userMessageForProviderError(tool, error) };
  }
}
