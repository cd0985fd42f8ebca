import { followTurn, stopTurn } from "~/server/conversations/turn-requests.server";
import { chatTool } from "~/server/tools/chat.server";
import { answerToolStream } from "~/server/tools/tool-stream.server";
import type { Route } from "./+types/api.chat";

// POST /api/chat: the chat reply as a stream (JavaScript on); the page's own action answers the same
// form without JavaScript. The reply is written by the conversation's Durable Object: GET follows
// it again after a cut (?conversation=<id>&after=<characters>), POST ?stop=<id> stops it.
export function action({ request, context, url }: Route.ActionArgs) {
  return url.searchParams.has("stop") ? stopTurn(request, url, context) : answerToolStream(request, context, chatTool);
}

export function loader({ context, url }: Route.LoaderArgs) {
  if (!url.searchParams.has("conversation")) {
    return new Response("Send the chat form with POST.", { status: 405, headers: { Allow: "POST" } });
  }
  return followTurn(url, context);
}
