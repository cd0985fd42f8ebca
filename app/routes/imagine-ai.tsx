import { ExampleGallery } from "~/components/tools/imagine/example-gallery";
import { ImagineTool, type ImagineResult } from "~/components/tools/imagine/imagine-tool";
import { ImagineModes } from "~/components/tools/imagine/imagine-modes";
import { ImageEditTool } from "~/components/tools/imagine/image-edit-tool";
import { ToolPage, toolMeta } from "~/components/tools/tool-header";
import { exampleImages } from "~/content/media-catalogs";
import { checkConnection } from "~/server/ai/connection.server";
import { currentEngine } from "~/server/ai/engine.server";
import { editableImage, imageEditTool } from "~/server/tools/image-edit.server";
import type { ImageEditResult } from "~/shared/image-edit";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import type { ToolActionData } from "~/shared/tool-action-data";
import { imagineRun } from "~/server/tools/tool-runs.server";
import type { Route } from "./+types/imagine-ai";

export const meta: Route.MetaFunction = () => toolMeta("imagine");

export const headers = toolActionHeaders;

/** ?mode=edit shows the editor (its form posts there too); ?source=<media id> starts it from a stored image. */
const isEditMode = (url: URL) => url.searchParams.get("mode") === "edit";

export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  // ?example=<id> starts the form from an example generation's prompt and style.
  const example = exampleImages.find((candidate) => candidate.id === params.get("example"));
  const source = await editableImage(params.get("source"));
  return {
    status: await checkConnection("image"),
    offline: currentEngine().id === "offline",
    mode: isEditMode(url) ? ("edit" as const) : ("generate" as const),
    start: example ? { id: example.id, prompt: example.prompt, style: example.styleId } : undefined,
    source: source ? { id: source.id, url: source.url, width: source.width, height: source.height } : undefined,
  };
}

export async function action(args: Route.ActionArgs) {
  return isEditMode(args.url) ? runToolAction(args, imageEditTool) : runToolAction(args, imagineRun);
}

export default function ImagineAi({ loaderData, actionData }: Route.ComponentProps) {
  const edit = loaderData.mode === "edit";
  return (
    <ToolPage toolId="imagine" status={loaderData.status}>
      <ImagineModes
        mode={loaderData.mode}
        generate={
          <ImagineTool
            // A new example or source starts its form afresh; the forms post to their page's own URL,
            // so an action's answer keeps the key (and the demo modal the visitor closed stays closed).
            key={loaderData.start?.id ?? "blank"}
            actionData={edit ? undefined : (actionData as ToolActionData<ImagineResult> | undefined)}
            start={loaderData.start}
          />
        }
        edit={
          <ImageEditTool
            key={loaderData.source?.id ?? "upload"}
            actionData={edit ? (actionData as ToolActionData<ImageEditResult> | undefined) : undefined}
            source={loaderData.source}
            offline={loaderData.offline}
          />
        }
      />
      <ExampleGallery />
    </ToolPage>
  );
}
