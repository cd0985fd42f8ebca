import { ExampleGallery } from "~/components/tools/imagine/example-gallery";
import { ImagineTool } from "~/components/tools/imagine/imagine-tool";
import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { exampleImages } from "~/content/media-catalogs";
import { checkConnection } from "~/server/ai/connection.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { imagineRun } from "~/server/tools/tool-runs.server";
import type { Route } from "./+types/imagine-ai";

export function meta() {
  return toolMeta("imagine");
}

export const headers = toolActionHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  // ?example=<id> starts the form from an example generation's prompt and style.
  const exampleId = new URL(request.url).searchParams.get("example");
  const example = exampleImages.find((candidate) => candidate.id === exampleId);
  return {
    status: await checkConnection("image"),
    start: example ? { id: example.id, prompt: example.prompt, style: example.styleId } : undefined,
  };
}

export async function action({ request }: Route.ActionArgs) {
  return runToolAction(request, imagineRun);
}

export default function ImagineAi({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-24 pt-28 sm:px-6 lg:px-8">
      <ToolHeader toolId="imagine" status={loaderData.status} />
      <ImagineTool key={loaderData.start?.id ?? "blank"} actionData={actionData} start={loaderData.start} />
      <ExampleGallery />
    </div>
  );
}
