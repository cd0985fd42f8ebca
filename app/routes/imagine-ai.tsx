import { ExampleGallery } from "~/components/tools/imagine/example-gallery";
import { ImagineTool } from "~/components/tools/imagine/imagine-tool";
import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { exampleImages, imageSizeById, imageStyleById } from "~/content/media-catalogs";
import { imagineForm } from "~/forms/media-forms";
import { checkConnection } from "~/server/ai/connection.server";
import { currentEngine } from "~/server/ai/engine.server";
import { mediaFileName, storeMedia } from "~/server/media/media-store.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
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
  return runToolAction(request, {
    tool: "imagine",
    schema: imagineForm,
    run: async ({ prompt, style, size }) => {
      const image = await currentEngine().imagine({ prompt, style, size });
      const stored = await storeMedia(image);
      const { width, height } = imageSizeById(size);
      return {
        url: stored.url,
        width,
        height,
        alt: `${imageStyleById(style).description} image: ${prompt}`,
        fileName: mediaFileName("generated-image", stored.contentType),
        notice: image.notice,
      };
    },
  });
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
