import { ChatTool } from "~/components/tools/chat/chat-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { CHAT_MAX_FORM_BYTES, chatPageForm, keptInHistory } from "~/forms/chat-form";
import { checkConnection } from "~/server/ai/connection.server";
import { answerChat, chatUnits } from "~/server/tools/chat.server";
import { chatAllowance } from "~/server/conversations/chat-allowance.server";
import { shareConversationAction } from "~/server/conversations/share-pages.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { siteToolCaller } from "~/server/tools/tool-caller.server";
import type { Route } from "./+types/conversational-ai";

export const meta: Route.MetaFunction = () => toolMeta("chat");

export const headers = toolActionHeaders;

// The allowance line under the message box reads what is left (nothing is taken).
export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const [status, allowance] = await Promise.all([checkConnection(), siteToolCaller(request, context).then(chatAllowance)]);
  return { status, allowance };
};

// Without JavaScript: the whole conversation comes back with the reply. With JavaScript the same
// form streams from /api/chat instead (routes/api.chat.ts). `?share` is the Share button's post.
export async function action(args: Route.ActionArgs) {
  if (args.url.searchParams.has("share")) return shareConversationAction(args);
  return runToolAction(args, {
    tool: "chat",
    schema: chatPageForm,
    maxFormBytes: CHAT_MAX_FORM_BYTES,
    units: chatUnits,
    run: answerChat,
    keeps: keptInHistory,
  });
}

export default toolPage<Route.ComponentProps>("chat", ChatTool);
