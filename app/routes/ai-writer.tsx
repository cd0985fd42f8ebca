import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { WriterTool } from "~/components/tools/writer/writer-tool";
import { checkConnection } from "~/server/ai/connection.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { writerRun } from "~/server/tools/tool-runs.server";
import type { Route } from "./+types/ai-writer";

export const meta: Route.MetaFunction = () => toolMeta("writer");

export const headers = toolActionHeaders;

export const loader = async () => ({ status: await checkConnection() });

export const action = (args: Route.ActionArgs) => runToolAction(args, writerRun);

export default toolPage<Route.ComponentProps>("writer", WriterTool);
