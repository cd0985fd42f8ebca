import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { readForm } from "~/forms/parse-form.server";
import type { ToolActionData } from "~/shared/tool-action-data";
import { markDemoSeen } from "./demo-seen.server";
import { siteToolCaller } from "./tool-caller.server";
import { runTool, type DeferredExtraction, type ToolDefinition, type ExtractedForm } from "./tool-pipeline.server";

// A tool page's action: the page's form in, the state the screen renders out (ToolActionData),
// always with the visitor's input, so nothing typed is lost. The run itself is the tool pipeline's.

type ToolAction<S extends z.ZodType, Result> = ToolDefinition<S, Result> & {
  /** For forms that carry more than the default limit (the chat's conversation). */
  maxFormBytes?: number;
  /**
   * Reads the form instead of the default reader (an upload), with its own field errors (400 unless
   * it says), the definition to run when the upload decides it (a long document), and the upload's
   * costly reading deferred until the allowance is taken (a document's extraction).
   */
  read?: (request: Request) => Promise<ReadForm<Result>>;
};

export type ReadForm<Result> = ExtractedForm<Result> & { extract?: DeferredExtraction<Result> };

type ActionArgs = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

/** A tool page's action; a demo visitor's answer also notes the tool in the demo-seen cookie (demo-seen.server.ts). */
export async function runToolAction<S extends z.ZodType, Result>(args: ActionArgs, action: ToolAction<S, Result>) {
  return markDemoSeen(args.request, args.url, await answerToolAction(args, action));
}

async function answerToolAction<S extends z.ZodType, Result>({ request, context }: ActionArgs, action: ToolAction<S, Result>) {
  const form: ReadForm<Result> = action.read ? await action.read(request) : { values: await readForm(request, action.maxFormBytes) };
  const { fieldErrors, status = 400 } = form;
  const caller = await siteToolCaller(request, context);
  const subscriber = caller.kind !== "visitor";
  const definition = form.definition ?? (action as unknown as ToolDefinition<z.ZodType, Result>);
  const outcome = await runTool(caller, definition, form.values, fieldErrors, form.extract);
  // What the screen shows: the form as the extraction completed it (a document's text in the box), or as sent.
  const values = outcome.values ?? form.values;
  switch (outcome.kind) {
    case "done":
      return data<ToolActionData<Result>>({ state: "done", values, result: outcome.result, subscriber });
    case "invalid":
      return data<ToolActionData<Result>>(
        { state: "invalid", values, fieldErrors: outcome.fieldErrors, subscriber },
        { status: outcome.status ?? (fieldErrors && Object.keys(fieldErrors).length > 0 ? status : 400) },
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

/** A tool route's `headers` export: the action's headers (Retry-After on 429) reach the document. */
export function toolActionHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}
