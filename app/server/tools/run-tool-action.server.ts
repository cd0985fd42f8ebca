import { data } from "react-router";
import type { z } from "zod";
import type { ToolId } from "~/content/tools";
import { parseForm, readForm, type FormValues } from "~/forms/parse-form.server";
import { takeToolAllowance } from "../limits/tool-allowance.server";
import { markDemoSeen } from "./demo-seen.server";
import type { ToolActionData } from "~/shared/tool-action-data";
import { runClaimedTool } from "./tool-run.server";
import type { ToolRunOptions } from "./tool-runs.server";

// Every AI tool action follows the same steps: read the form, validate it with the tool's schema,
// take the units from the subscriber's plan quota or the visitor's demo allowance (given back if the
// engine fails), call the engine, keep a subscriber's result in their history, and answer with a state the screen renders — always with the
// visitor's input, so nothing typed is lost.

type ToolAction<S extends z.ZodType, Result> = {
  tool: ToolId;
  schema: S;
  run: (input: z.infer<S>, options?: ToolRunOptions) => Promise<Result>;
  /** For forms that carry more than the default limit (the chat's conversation). */
  maxFormBytes?: number;
  /** Reads the form instead of the default reader (the image editor's upload), with its own field errors (400 unless it says). */
  read?: (request: Request) => Promise<{ values: FormValues; fieldErrors?: Record<string, string>; status?: 400 | 413 }>;
  /** Quota units the action costs (voiceover: minutes of speech); 1 by default. */
  units?: (input: z.infer<S>) => number;
};

/** A tool page's action; a demo visitor's answer also notes the tool in the demo-seen cookie (demo-seen.server.ts). */
export async function runToolAction<S extends z.ZodType, Result>(
  { request, url }: { request: Request; url: URL },
  action: ToolAction<S, Result>,
) {
  return markDemoSeen(request, url, await answerToolAction(request, action));
}

async function answerToolAction<S extends z.ZodType, Result>(
  request: Request,
  { tool, schema, run, maxFormBytes, units, read }: ToolAction<S, Result>,
) {
  const {
    values,
    fieldErrors: readErrors = {},
    status = 400,
  } = read ? await read(request) : { values: await readForm(request, maxFormBytes) };
  const parsed = parseForm(schema, values);
  if (!parsed.ok || Object.keys(readErrors).length > 0) {
    const fieldErrors = { ...(parsed.ok ? {} : parsed.fieldErrors), ...readErrors };
    return data<ToolActionData<Result>>(
      { state: "invalid", values, fieldErrors },
      { status: Object.keys(readErrors).length > 0 ? status : 400 },
    );
  }

  const allowance = await takeToolAllowance(request, tool, Math.max(1, Math.ceil(units?.(parsed.data) ?? 1)));
  const { subscriber } = allowance;
  if (!allowance.allowed) {
    const { message, upgradeUrl } = allowance;
    return data<ToolActionData<Result>>(
      { state: "rate-limited", values, message, subscriber, ...(upgradeUrl ? { upgradeUrl } : {}) },
      { status: 429, headers: { "Retry-After": String(allowance.retryAfterSeconds) } },
    );
  }

  // A subscriber's result goes to their workspace history; a demo visitor's is never stored.
  const outcome = await runClaimedTool({
    tool,
    channel: "web",
    values,
    owner: allowance.account?.email,
    release: allowance.release,
    run: (options) => run(parsed.data, options),
  });
  switch (outcome.kind) {
    case "done":
      return data<ToolActionData<Result>>({ state: "done", values, result: outcome.result, subscriber });
    case "invalid":
      return data<ToolActionData<Result>>(
        { state: "invalid", values, fieldErrors: { [outcome.field]: outcome.message }, subscriber },
        { status: 400 },
      );
    case "failed":
      return data<ToolActionData<Result>>({ state: "failed", values, message: outcome.message, subscriber }, { status: 502 });
  }
}

/** A tool route's `headers` export: the action's headers (Retry-After on 429) reach the document. */
export function toolActionHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}
