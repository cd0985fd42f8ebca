import { HumanizerTool } from "~/components/tools/humanizer/humanizer-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { humanizerAction } from "~/server/tools/text-tool-actions.server";
import type { Route } from "./+types/ai-humanizer";

export const meta: Route.MetaFunction = () => toolMeta("humanizer");

export const headers = toolActionHeaders;

export const loader = async () => ({ status: await checkConnection() });

// Pasted text, or an uploaded document (text-tool-actions.server.ts).
export const action = (args: Route.ActionArgs) => humanizerAction(args);

export default toolPage<Route.ComponentProps>("humanizer", HumanizerTool, { wide: true });
