import { data } from "react-router";
import { ChatTool } from "~/components/tools/chat/chat-tool";
import { conversationListMarkup } from "~/components/tools/chat/conversation-list-markup";
import { CONVERSATION_LIST_ID } from "~/components/tools/chat/read-list-again";
import { toolMeta, ToolPage } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import { allowanceLeft } from "~/server/limits/allowance-left.server";
import { shareConversationAction } from "~/server/conversations/share-pages.server";
import { newConversationId } from "~/server/conversations/running-turns.server";
import { chatPageTurn } from "~/server/conversations/turn-requests.server";
import { projectFormAction } from "~/server/projects/project-pages.server";
import { chatTool } from "~/server/tools/chat.server";
import { runToolAction, toolActionHeaders } from "~/server/tools/run-tool-action.server";
import { callerOf } from "~/server/tools/tool-caller.server";
import { chatPageConversations } from "~/server/workspace/conversation-pages.server";
import type { ProjectFormState } from "~/shared/conversation-summary";
import type { Route } from "./+types/conversational-ai";

export const meta: Route.MetaFunction = () => toolMeta("chat");

export const headers = toolActionHeaders;

/** A subscriber's list beside the chat as HTML (docs/decisions/067), with a refused project form shown again (071). */
async function listOf(context: Route.LoaderArgs["context"], url: URL, projectForm?: ProjectFormState) {
  const { conversations, opened } = await chatPageConversations(context, url, projectForm);
  return {
    conversationList: conversations && (await conversationListMarkup(conversations)),
    openedId: conversations?.openedId,
    projectId: conversations?.project?.id,
    opened,
  };
}

// The allowance line under the message box reads what is left (nothing is taken). A subscriber's
// conversation list, the conversation `?c=` opens and the project `?p=` opens (docs/decisions/067,
// 071); `?conversation=` shows a reply being written (or just written) in this browser's
// conversation (decision 072).
export const loader = async ({ context, url }: Route.LoaderArgs) => {
  const [status, allowance, list, { turn, headers: ownerCookie }] = await Promise.all([
    checkConnection(),
    callerOf(context).then((caller) => allowanceLeft(caller, "chat")),
    listOf(context, url),
    chatPageTurn(context, url),
  ]);
  // A new conversation's id, for the page that starts one (its reply is written under it, decision 072).
  const page = { status, allowance, ...list, opened: turn ?? list.opened, conversation: newConversationId() };
  return data(page, { headers: ownerCookie });
};

// Without JavaScript: the whole conversation comes back with the reply. With JavaScript the same
// form streams from /api/chat instead (routes/api.chat.ts). `?share` is the Share button's post,
// `?project` a project form's (a 303, or the list again with the refusal beside its field).
export const action = async (args: Route.ActionArgs) => {
  if (args.url.searchParams.has("share")) return shareConversationAction(args);
  if (!args.url.searchParams.has("project")) return runToolAction(args, chatTool);
  const outcome = await projectFormAction(args);
  if (outcome instanceof Response) return outcome;
  const { conversationList } = await listOf(args.context, args.url, outcome.refused);
  return data({ conversationList }, { status: outcome.status, headers: { "Cache-Control": "private, no-store" } });
};

// A subscriber's list beside the chat (a drawer on phones), HTML made by the loader; a visitor's
// page is the chat alone. The key starts the screen afresh when the page shows another conversation.
export default function ConversationalAi({ loaderData, actionData }: Route.ComponentProps) {
  const { status, openedId, opened, projectId, conversation } = loaderData;
  const refusedProjectForm = actionData && "conversationList" in actionData ? actionData : undefined;
  const conversationList = refusedProjectForm?.conversationList ?? loaderData.conversationList;
  const chatAction = actionData && !("conversationList" in actionData) ? actionData : undefined;
  const chat = (
    <ChatTool
      key={`${projectId}:${openedId}`}
      actionData={chatAction ?? opened}
      status={status}
      conversation={conversation}
      project={projectId}
    />
  );
  return (
    <ToolPage toolId="chat" status={status} wide={!!conversationList}>
      {conversationList ? (
        <div className="grid grid-cols-1 gap-x-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <div id={CONVERSATION_LIST_ID} dangerouslySetInnerHTML={{ __html: conversationList }} />
          {chat}
        </div>
      ) : (
        chat
      )}
    </ToolPage>
  );
}
