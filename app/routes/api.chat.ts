import { chatTool } from "~/server/tools/chat.server";
import { answerToolStream } from "~/server/tools/tool-stream.server";
import type { Route } from "./+types/api.chat";

// POST /api/chat: the chat reply as a stream (JavaScript on). The page's own action answers the
// same form without JavaScript.
export function action({ request, context }: Route.ActionArgs) {
  return answerToolStream(request, context, chatTool);
}

export function loader() {
  return new Response("Send the chat form with POST.", { status: 405, headers: { Allow: "POST" } });
}
