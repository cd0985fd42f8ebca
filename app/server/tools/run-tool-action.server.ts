import { data } from "react-router";
import type { z } from "zod";
import type { ToolId } from "~/content/tools";
import { parseForm, readForm } from "~/forms/parse-form.server";
import { userMessageForProviderError } from "../ai/provider-errors.server";
import { consumeDemoAllowance, retryAfterText } from "../limits/demo-limit.server";
import { describeError, log } from "../log.server";

import type { ToolActionData } from "./tool-action-data";

// Every AI tool action follows the same steps: read the form, validate it with the tool's schema,
// take one unit of the visitor's demo allowance, call the engine, and answer with a state the
// screen renders — always with the visitor's input, so nothing typed is lost.

type ToolAction<S extends z.ZodType, Result> = {
  tool: ToolId;
  schema: S;
  run: (input: z.infer<S>) => Promise<Result>;
};

export async function runToolAction<S extends z.ZodType, Result>(
  request: Request,
  { tool, schema, run }: ToolAction<S, Result>,
) {
  const values = await readForm(request);
  const parsed = parseForm(schema, values);
  if (!parsed.ok) {
    return data<ToolActionData<Result>>({ state: "invalid", values, fieldErrors: parsed.fieldErrors }, { status: 400 });
  }

  const allowance = await consumeDemoAllowance(request);
  if (!allowance.allowed) {
    const wait = retryAfterText(allowance.retryAfterSeconds);
    return data<ToolActionData<Result>>(
      {
        state: "rate-limited",
        values,
        message: `You have reached the demo limit. Please try again in ${wait}, or subscribe for higher limits.`,
      },
      { status: 429, headers: { "Retry-After": String(allowance.retryAfterSeconds) } },
    );
  }

  const started = Date.now();
  try {
    const result = await run(parsed.data);
    log("info", "tool action", { tool, ms: Date.now() - started });
    return data<ToolActionData<Result>>({ state: "done", values, result });
  } catch (error) {
    log("error", "tool action failed", { tool, ms: Date.now() - started, ...describeError(error) });
    return data<ToolActionData<Result>>(
      { state: "failed", values, message: userMessageForProviderError(tool, error) },
      { status: 502 },
    );
  }
}

/** A tool route's `headers` export: the action's headers (Retry-After on 429) reach the document. */
export function toolActionHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}
