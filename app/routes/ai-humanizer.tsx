import { HumanizerTool } from "~/components/tools/humanizer/humanizer-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { humanizerTool } from "~/server/tools/text-tools.server";
import type { Route } from "./+types/ai-humanizer";

export const meta: Route.MetaFunction = () => toolMeta("humanizer");

export const headers = toolActionHeaders;

export const loader = async () => ({ status: await checkConnection() });

// Pasted text, or an uploaded document (text-tools.server.ts).
export const action = (args: Route.ActionArgs) => runToolAction(args, humanizerTool);

export default toolPage<Route.ComponentProps>("humanizer", HumanizerTool, { wide: true });
