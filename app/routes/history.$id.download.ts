import { accountContext } from "~/server/account/account-middleware.server";
import { historyItemText, ownHistoryItem } from "~/server/workspace/history-page.server";
import type { Route } from "./+types/history.$id.download";

// GET /history/:id/download: a text result as a file (Markdown for the writer); media results
// download from /media/:id directly.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { item } = await ownHistoryItem(context.get(accountContext), params.id);
  const markdown = item.output.tool === "writer";
  return new Response(historyItemText(item), {
    headers: {
      "Content-Type": `${markdown ? "text/markdown" : "text/plain"}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${item.tool}-${item.id.slice(0, 8)}.${markdown ? "md" : "txt"}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
