import { ChatTool } from "~/components/tools/chat/chat-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { chatPageForm } from "~/forms/chat-form";
import { checkConnection } from "~/server/ai/connection.server";
import { readChatUpload, siteFilesOwner, withChatFiles, withOwnerCookie } from "~/server/tools/chat-attachments.server";
import { answerChat } from "~/server/tools/chat.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { data } from "react-router";
import type { Route } from "./+types/conversational-ai";

export const meta: Route.MetaFunction = () => toolMeta("chat");

export const headers = toolActionHeaders;

export const loader = async () => ({ status: await checkConnection() });

// Without JavaScript: the whole conversation comes back with the reply. With JavaScript the same
// form streams from /api/chat instead (routes/api.chat.ts).
// Files come as multipart (chat-attachments.server.ts); a visitor's first file sets the cookie that owns it.
export async function action(args: Route.ActionArgs) {
  const owner = await siteFilesOwner(args.request, args.context);
  const chat = { tool: "chat" as const, schema: chatPageForm, run: answerChat };
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
