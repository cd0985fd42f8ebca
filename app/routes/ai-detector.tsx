import { CredentialsCheckForm } from "~/components/credentials/credentials-check-form";
import { DetectorTool } from "~/components/tools/detector/detector-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { withSealedDocument } from "~/server/reports/file-seal.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { detectorTool } from "~/server/tools/text-tools.server";
import type { Route } from "./+types/ai-detector";

export const meta: Route.MetaFunction = () => toolMeta("detector");

export const headers = toolActionHeaders;

export const loader = async () => ({ status: await checkConnection() });

// Pasted text, or an uploaded document (text-tools.server.ts), whose facts are sealed for its report.
export async function action(args: Route.ActionArgs) {
  return withSealedDocument(await runToolAction(args, detectorTool));
}

// The detector, then the credentials check's own form (it posts to /ai-detector/credentials).
function DetectorScreen(props: Parameters<typeof DetectorTool>[0]) {
  return (
    <>
      <DetectorTool {...props} />
      <CredentialsCheckForm />
    </>
  );
}

export default toolPage<Route.ComponentProps>("detector", DetectorScreen);
