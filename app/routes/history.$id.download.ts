import { data } from "react-router";
import { accountContext } from "~/server/account/account-middleware.server";
import { noStore } from "~/server/personal-page.server";
import { historyDownload } from "~/server/workspace/history-download.server";
import { ownHistoryItem } from "~/server/workspace/history-page.server";
import type { Route } from "./+types/history.$id.download";

// GET /history/:id/download[?format=md|docx|html|txt]: a text result as a file, with its AI
// disclosure where the format has room (history-download.server.ts); media results download from
// /media/:id directly.
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { item } = await ownHistoryItem(context.get(accountContext), params.id);
  const file = historyDownload(item, new URL(request.url).searchParams.get("format"));
  if ("problem" in file) throw data(file.problem, { status: 400, headers: noStore });
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
