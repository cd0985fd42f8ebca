import { renderToReadableStream } from "react-dom/server";
import type { ConversationListData } from "~/shared/conversation-summary";
import { ConversationList } from "./conversation-list";

/**
 * The conversation list as HTML, made by the chat page's loader: the page places it as it is, so
 * the list adds nothing to the chat page's JavaScript (its budget, docs/decisions/067). The stream
 * renderer, as app/entry.server.tsx uses: the Worker build's react-dom/server has no renderToStaticMarkup.
 */
export async function conversationListMarkup(list: ConversationListData): Promise<string> {
  const stream = await renderToReadableStream(<ConversationList {...list} />);
  await stream.allReady;
  return new Response(stream).text();
}
