import { data } from "react-router";
import { ChatTool } from "~/components/tools/chat/chat-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { chatPageForm, keptInHistory } from "~/forms/chat-form";
import { checkConnection } from "~/server/ai/connection.server";
import { chatAllowance } from "~/server/conversations/chat-allowance.server";
import { shareConversationAction } from "~/server/conversations/share-pages.server";
import { readChatUpload } from "~/server/tools/chat-attachments.server";
import { siteFilesOwner, withChatFiles, withOwnerCookie } from "~/server/tools/chat-files-owner.server";
import { answerChat, chatUnits } from "~/server/tools/chat.server";
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
// Files come as multipart (chat-attachments.server.ts); a visitor's first file sets the cookie that owns it.
export async function action(args: Route.ActionArgs) {
  if (args.url.searchParams.has("share")) return shareConversationAction(args);
  const owner = await siteFilesOwner(args.request, args.context);
  const chat = { tool: "chat" as const, schema: chatPageForm, units: chatUnits, run: answerChat, keeps: keptInHistory };
  let stored = false;
  const answer = await runToolAction(args, {
    ...chat,
    read: async (request) => {
      const form = await readChatUpload(request);
      if (!("values" in form)) throw data(form.message, { status: form.status, ...(form.headers ? { headers: form.headers } : {}) });
      stored = form.files.length > 0;
      return { ...form, definition: withChatFiles(chat, form.files, owner.key) };
    },
  });
  return withOwnerCookie(answer, owner, stored);
}

export default toolPage<Route.ComponentProps>("chat", ChatTool);
