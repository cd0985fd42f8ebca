import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { VoiceoverTool } from "~/components/tools/voiceover/voiceover-tool";
import { voiceoverForm } from "~/forms/media-forms";
import { checkConnection } from "~/server/ai/connection.server";
import { currentEngine } from "~/server/ai/engine.server";
import { mediaFileName, storeMedia } from "~/server/media/media-store.server";
import { estimatedSpeechMinutes } from "~/content/plans";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import type { Route } from "./+types/voiceover-ai";

export function meta() {
  return toolMeta("voiceover");
}

export const headers = toolActionHeaders;

export async function loader() {
  return { status: await checkConnection("speech") };
}

export async function action({ request }: Route.ActionArgs) {
  return runToolAction(request, {
    tool: "voiceover",
    schema: voiceoverForm,
    // Plans count voiceover in minutes of audio (spec §9).
    units: ({ text, speed }) => estimatedSpeechMinutes(text, speed),
    run: async (input) => {
      const speech = await currentEngine().speak(input);
      const stored = await storeMedia(speech);
      return {
        url: stored.url,
        contentType: stored.contentType,
        fileName: mediaFileName("voiceover", stored.contentType),
        notice: speech.notice,
      };
    },
  });
}

export default function VoiceoverAi({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-24 pt-28 sm:px-6 lg:px-8">
      <ToolHeader toolId="voiceover" status={loaderData.status} />
      <VoiceoverTool actionData={actionData} />
    </div>
  );
}
