import { data } from "react-router";
import { ChatTool } from "~/components/tools/chat/chat-tool";
import { conversationListMarkup } from "~/components/tools/chat/conversation-list-markup";
import { toolMeta, ToolPage } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { allowanceLeft } from "~/server/limits/allowance-left.server";
import { shareConversationAction } from "~/server/conversations/share-pages.server";
import { newConversationId } from "~/server/conversations/running-turns.server";
import { chatPageTurn } from "~/server/conversations/turn-requests.server";
import { chatTool } from "~/server/tools/chat.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { callerOf } from "~/server/tools/tool-caller.server";
import { chatPageConversations } from "~/server/workspace/conversation-pages.server";
import type { Route } from "./+types/conversational-ai";

export const meta: Route.MetaFunction = () => toolMeta("chat");

export const headers = toolActionHeaders;

// The allowance line under the message box reads what is left (nothing is taken). A subscriber's
// conversation list, and the conversation `?c=` opens (docs/decisions/067); `?conversation=` shows
// a reply being written (or just written) in this browser's conversation (decision 072).
export const loader = async ({ context, url }: Route.LoaderArgs) => {
  const [status, allowance, { conversations, opened }, { turn, headers: ownerCookie }] = await Promise.all([
    checkConnection(),
    callerOf(context).then((caller) => allowanceLeft(caller, "chat")),
    chatPageConversations(context, url),
    chatPageTurn(context, url),
  ]);
  const page = {
    status,
    allowance,
    conversationList: conversations && (await conversationListMarkup(conversations)),
    openedId: conversations?.openedId,
    opened: turn ?? opened,
    // A new conversation's id, for the page that starts one (its reply is written under it, decision 072).
    conversation: newConversationId(),
  };
  return data(page, { headers: ownerCookie });
};

// Without JavaScript: the whole conversation comes back with the reply. With JavaScript the same
// form streams from /api/chat instead (routes/api.chat.ts). `?share` is the Share button's post.
export const action = (args: Route.ActionArgs) =>
  args.url.searchParams.has("share") ? shareConversationAction(args) : runToolAction(args, chatTool);

// A subscriber's list beside the chat (a drawer on phones), HTML made by the loader; a visitor's
// page is the chat alone. The key starts the screen afresh when the page shows another conversation.
export default function ConversationalAi({ loaderData, actionData }: Route.ComponentProps) {
  const { status, conversationList, openedId, opened, conversation } = loaderData;
  const chat = <ChatTool key={openedId} actionData={actionData ?? opened} status={status} conversation={conversation} />;
  return (
    <ToolPage toolId="chat" status={status} wide={!!conversationList}>
      {conversationList ? (
        <div className="grid grid-cols-1 gap-x-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <div dangerouslySetInnerHTML={{ __html: conversationList }} />
          {chat}
        </div>
      ) : (
        chat
      )}
    </ToolPage>
  );
}
