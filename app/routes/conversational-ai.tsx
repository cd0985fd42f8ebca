import { ChatTool } from "~/components/tools/chat/chat-tool";
import { toolMeta, toolPage } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { allowanceLeft } from "~/server/limits/allowance-left.server";
import { shareConversationAction } from "~/server/conversations/share-pages.server";
import { chatTool } from "~/server/tools/chat.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { callerOf } from "~/server/tools/tool-caller.server";
import type { Route } from "./+types/conversational-ai";

export const meta: Route.MetaFunction = () => toolMeta("chat");

export const headers = toolActionHeaders;

// The allowance line under the message box reads what is left (nothing is taken).
export const loader = async ({ context }: Route.LoaderArgs) => {
  const [status, allowance] = await Promise.all([checkConnection(), callerOf(context).then((caller) => allowanceLeft(caller, "chat"))]);
  return { status, allowance };
};

// Without JavaScript: the whole conversation comes back with the reply. With JavaScript the same
// form streams from /api/chat instead (routes/api.chat.ts). `?share` is the Share button's post.
export const action = (args: Route.ActionArgs) =>
  args.url.searchParams.has("share") ? shareConversationAction(args) : runToolAction(args, chatTool);

export default toolPage<Route.ComponentProps>("chat", ChatTool);
