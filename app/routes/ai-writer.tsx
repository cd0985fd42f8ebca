import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { WriterTool } from "~/components/tools/writer/writer-tool";
import { splitKeywords, writerForm } from "~/forms/tool-forms";
import { checkConnection } from "~/server/ai/connection.server";
import { currentEngine } from "~/server/ai/engine.server";
import { renderMarkdown } from "~/server/content/markdown.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import type { Route } from "./+types/ai-writer";

export function meta() {
  return toolMeta("writer");
}

export const headers = toolActionHeaders;

export async function loader() {
  return { status: await checkConnection() };
}

export async function action({ request }: Route.ActionArgs) {
  return runToolAction(request, {
    tool: "writer",
    schema: writerForm,
    run: async ({ type, keywords, text }) => {
      const markdown = await currentEngine().write({ type, keywords: splitKeywords(keywords), text });
      // The model's markdown is untrusted: it is rendered through the same sanitizer as the legal pages.
      return { markdown, html: renderMarkdown(markdown, { nested: true }) };
    },
  });
}

export default function AiWriter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-24 pt-28 sm:px-6 lg:px-8">
      <ToolHeader toolId="writer" status={loaderData.status} />
      <WriterTool actionData={actionData} />
    </div>
  );
}
