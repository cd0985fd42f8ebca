import { chatStreamResponse } from "~/server/tools/chat.server";
import { cloudflareContext } from "~/server/router-context.server";
import type { Route } from "./+types/api.chat";

// POST /api/chat: the chat reply as a stream (JavaScript on). The page's own action answers the
// same form without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  return chatStreamResponse(request, context, (work) => context.get(cloudflareContext).ctx.waitUntil(work));
}

export function loader() {
  return new Response("Send the chat form with POST.", { status: 405, headers: { Allow: "POST" } });
}
