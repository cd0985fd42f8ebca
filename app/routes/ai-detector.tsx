import { DetectorTool } from "~/components/tools/detector/detector-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { withSealedDocument } from "~/server/reports/file-seal.server";
import { toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { detectorAction } from "~/server/tools/text-tool-actions.server";
import type { Route } from "./+types/ai-detector";

export const meta: Route.MetaFunction = () => toolMeta("detector");

export const headers = toolActionHeaders;

export const loader = async () => ({ status: await checkConnection() });

// Pasted text, or an uploaded document (text-tool-actions.server.ts), whose facts are sealed for its report.
export const action = async (args: Route.ActionArgs) => withSealedDocument(await detectorAction(args));

export default toolPage<Route.ComponentProps>("detector", DetectorTool);
