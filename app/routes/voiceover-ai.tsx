import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { VoiceoverTool } from "~/components/tools/voiceover/voiceover-tool";
import { checkConnection } from "~/server/ai/connection.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { voiceoverRun } from "~/server/tools/tool-runs.server";
import type { Route } from "./+types/voiceover-ai";

export const meta: Route.MetaFunction = () => toolMeta("voiceover");

export const headers = toolActionHeaders;

export const loader = async () => ({ status: await checkConnection("speech") });

export const action = (args: Route.ActionArgs) => runToolAction(args, voiceoverRun);

export default toolPage<Route.ComponentProps>("voiceover", VoiceoverTool);
