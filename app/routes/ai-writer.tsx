import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { WriterTool } from "~/components/tools/writer/writer-tool";
import { checkConnection } from "~/server/ai/connection.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { writerRun } from "~/server/tools/tool-runs.server";
import type { Route } from "./+types/ai-writer";

export function meta() {
  return toolMeta("writer");
}

export const headers = toolActionHeaders;

export async function loader() {
  return { status: await checkConnection() };
}

export async function action(args: Route.ActionArgs) {
  return runToolAction(args, writerRun);
}

export default function AiWriter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-24 pt-28 sm:px-6 lg:px-8">
      <ToolHeader toolId="writer" status={loaderData.status} />
      <WriterTool actionData={actionData} />
    </div>
  );
}
