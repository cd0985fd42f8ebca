import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { VoiceoverTool } from "~/components/tools/voiceover/voiceover-tool";
import { checkConnection } from "~/server/ai/connection.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { voiceoverRun } from "~/server/tools/tool-runs.server";
import type { Route } from "./+types/voiceover-ai";

export function meta() {
  return toolMeta("voiceover");
}

export const headers = toolActionHeaders;

export async function loader() {
  return { status: await checkConnection("speech") };
}

export async function action(args: Route.ActionArgs) {
  return runToolAction(args, voiceoverRun);
}

export default function VoiceoverAi({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-24 pt-28 sm:px-6 lg:px-8">
      <ToolHeader toolId="voiceover" status={loaderData.status} />
      <VoiceoverTool actionData={actionData} />
    </div>
  );
}
