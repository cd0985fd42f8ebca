import { DetectorTool } from "~/components/tools/detector/detector-tool";
import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { detectorRun } from "~/server/tools/tool-runs.server";
import type { Route } from "./+types/ai-detector";

export function meta() {
  return toolMeta("detector");
}

export const headers = toolActionHeaders;

export async function loader() {
  return { status: await checkConnection() };
}

export async function action(args: Route.ActionArgs) {
  return runToolAction(args, detectorRun);
}

export default function AiDetector({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-24 pt-28 sm:px-6 lg:px-8">
      <ToolHeader toolId="detector" status={loaderData.status} />
      <DetectorTool actionData={actionData} />
    </div>
  );
}
