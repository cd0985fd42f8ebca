import { ChatTool } from "~/components/tools/chat/chat-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { CHAT_MAX_FORM_BYTES, chatPageForm } from "~/forms/chat-form";
import { checkConnection } from "~/server/ai/connection.server";
import { answerChat, chatUnits } from "~/server/tools/chat.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import type { Route } from "./+types/conversational-ai";

export const meta: Route.MetaFunction = () => toolMeta("chat");

export const headers = toolActionHeaders;

export const loader = async () => ({ status: await checkConnection() });

// Without JavaScript: the whole conversation comes back with the reply. With JavaScript the same
// form streams from /api/chat instead (routes/api.chat.ts).
export async function action(args: Route.ActionArgs) {
  return runToolAction(args, {
    tool: "chat",
    schema: chatPageForm,
    maxFormBytes: CHAT_MAX_FORM_BYTES,
    units: chatUnits,
    run: answerChat,
  });
}

export default toolPage<Route.ComponentProps>("chat", ChatTool);
