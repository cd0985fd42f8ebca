import { data, type RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { ToolActionData, FormValues } from "~/shared/tool-action-data";
import { formRefusalMessage, refusalStatus } from "../request-body/read-body.server";
import { waitUntilOf } from "../router-context.server";
import { appendHeader } from "./answer-header.server";
import { markDemoSeen } from "./demo-seen.server";
import { callerOf } from "./tool-caller.server";
import type { AnyToolDefinition, ToolOutcome } from "./tool-definition.server";
import { runTool } from "./tool-pipeline.server";
import { readToolRequest } from "./tool-request.server";

// The page transport: a tool page's form in (with or without JavaScript), the state the screen
// renders out (ToolActionData), always with the visitor's input, so nothing typed is lost. The
// run itself is the tool pipeline's.

type ActionArgs = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

/** How long a page waits for a run that goes on (a chat reply) before showing it in progress, with a way to refresh. */
export const PAGE_ANSWER_WITHIN_MS = 10_000;

/** A tool page's action; a demo visitor's answer also notes the tool in the demo-seen cookie (demo-seen.server.ts). */
export async function runToolAction<Result>(args: ActionArgs, definition: AnyToolDefinition<Result>) {
  return markDemoSeen(args.request, args.url, await answerToolAction<Result>(args, definition));
}

async function answerToolAction<Result>(
  { request, context }: ActionArgs,
  definition: AnyToolDefinition<Result>,
): Promise<DataWithResponseInit<ToolActionData<Result>>> {
  const caller = await callerOf(context);
  const form = await readToolRequest<Result>(request, definition, caller, "form");
  // A body that is no form at all is no state of the screen: the route's error boundary shows the 4xx page.
  if ("refused" in form) throw data(formRefusalMessage(form, definition.upload?.tooLarge), refusalInit(form));
  const outcome = await runTool(caller, definition, form, { waitUntil: waitUntilOf(context), answerWithinMs: PAGE_ANSWER_WITHIN_MS });
  // What the screen shows: the form as the extraction completed it (a document's text in the box), or as sent.
  const values = (outcome.values ?? form.values) as FormValues;
  const answer = pageAnswer(outcome as ToolOutcome<Result>, values, caller.kind !== "visitor");
  for (const [name, value] of Object.entries(form.headers ?? {})) appendHeader(answer, name, value);
  return answer;
}

/** The page's words for each ending of a run. */
function pageAnswer<Result>(outcome: ToolOutcome<Result>, values: FormValues, subscriber: boolean) {
  switch (outcome.kind) {
    case "done":
      return data<ToolActionData<Result>>({ state: "done", values, result: outcome.result, subscriber });
    case "invalid":
      return data<ToolActionData<Result>>(
        { state: "invalid", values, fieldErrors: outcome.fieldErrors, subscriber },
        { status: outcome.status ?? 400 },
      );
    case "refused": {
      const { message, upgradeUrl, retryAfterSeconds } = outcome;
      return data<ToolActionData<Result>>(
        { state: "rate-limited", values, message, subscriber, ...(upgradeUrl ? { upgradeUrl } : {}) },
        { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
      );
    }
    case "failed":
      return data<ToolActionData<Result>>({ state: "failed", values, message: outcome.message, subscriber }, { status: 502 });
  }
}

function refusalInit(refusal: Parameters<typeof refusalStatus>[0]): ResponseInit {
  return { status: refusalStatus(refusal), ...(refusal.refused === "method" ? { headers: { Allow: "GET, HEAD, POST" } } : {}) };
}

/** A tool route's `headers` export: the action's headers (Retry-After on 429) reach the document. */
export function toolActionHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}
