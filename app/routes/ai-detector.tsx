import { DetectorTool } from "~/components/tools/detector/detector-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { detectorRun } from "~/server/tools/tool-runs.server";
import type { Route } from "./+types/ai-detector";

export const meta: Route.MetaFunction = () => toolMeta("detector");

export const headers = toolActionHeaders;

export const loader = async () => ({ status: await checkConnection() });

export const action = (args: Route.ActionArgs) => runToolAction(args, detectorRun);

export default toolPage<Route.ComponentProps>("detector", DetectorTool);
