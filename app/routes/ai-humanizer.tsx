import { HumanizerTool } from "~/components/tools/humanizer/humanizer-tool";
import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { humanizerForm } from "~/forms/tool-forms";
import { checkConnection } from "~/server/ai/connection.server";
import { currentEngine } from "~/server/ai/engine.server";
import { detectorScores } from "~/server/ai/offline/detect";
import { OFFLINE_NOTICE } from "~/server/ai/offline/humanize";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { wordDiff } from "~/server/tools/word-diff";
import type { Route } from "./+types/ai-humanizer";

export function meta() {
  return toolMeta("humanizer");
}

export const headers = toolActionHeaders;

export async function loader() {
  return { status: await checkConnection() };
}

export async function action({ request }: Route.ActionArgs) {
  return runToolAction(request, {
    tool: "humanizer",
    schema: humanizerForm,
    run: async ({ text, tone }) => {
      const engine = currentEngine();
      const humanized = await engine.humanize(text, tone);
      const notice = engine.id === "offline" ? OFFLINE_NOTICE : undefined;
      return { text: humanized, diff: wordDiff(text, humanized), scores: detectorScores(text, humanized), notice };
    },
  });
}

export default function AiHumanizer({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-24 pt-28 sm:px-6 lg:px-8">
      <ToolHeader toolId="humanizer" status={loaderData.status} />
      <HumanizerTool actionData={actionData} />
    </div>
  );
}
