import { accountContext } from "~/server/account/account-middleware.server";
import { data } from "react-router";
import { serverEnv } from "~/server/env.server";
import { noStore } from "~/server/personal-page.server";
import { exportObjectKey } from "~/server/data/table-entry.server";
import { ownDataExport } from "~/server/workspace/data-export-page.server";
import type { Route } from "./+types/account.export.$id.download";

// GET /account/export/:id/download: the export file, for its own account only.
export async function loader({ context, params }: Route.LoaderArgs) {
  const found = await ownDataExport(context.get(accountContext), params.id);
  const object = found.status === "ready" ? await serverEnv().MEDIA.get(exportObjectKey(found.id)) : null;
  if (!object) throw data("This export is not ready yet.", { status: 404, headers: noStore });
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="contentforge-export-${new Date(found.createdAt * 1000).toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
