import { HumanizerTool } from "~/components/tools/humanizer/humanizer-tool";
import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { humanizerRun } from "~/server/tools/tool-runs.server";
import type { Route } from "./+types/ai-humanizer";

export function meta() {
  return toolMeta("humanizer");
}

export const headers = toolActionHeaders;

export async function loader() {
  return { status: await checkConnection() };
}

export async function action(args: Route.ActionArgs) {
  return runToolAction(args, humanizerRun);
}

export default function AiHumanizer({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-24 pt-28 sm:px-6 lg:px-8">
      <ToolHeader toolId="humanizer" status={loaderData.status} />
      <HumanizerTool actionData={actionData} />
    </div>
  );
}
