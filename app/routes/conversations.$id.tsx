import { Link } from "react-router";
import { RenameForm } from "~/components/tools/chat/conversation-rename-form";
import { PageShell } from "~/components/ui/page-shell";
import { accountContext } from "~/server/account/account-middleware.server";
import { personalPageHeaders } from "~/server/personal-page.server";
import { conversationFormAction, conversationPage } from "~/server/workspace/conversation-pages.server";
import type { Route } from "./+types/conversations.$id";

// One conversation of the chat page's list (docs/decisions/067): its rename, pin, unpin and delete
// forms post here and go back with a 303; this page is the rename form on its own, where a refused
// title comes back with what to fix.

export const meta = () => [{ title: "Rename conversation · ContentForge AI" }];

export const headers = personalPageHeaders;

export const loader = ({ context, params }: Route.LoaderArgs) => conversationPage(context.get(accountContext), params.id);

export const action = (args: Route.ActionArgs) => conversationFormAction(args, args.context.get(accountContext));

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageShell>
      <Link to={`/conversational-ai?c=${loaderData.id}`} className="text-violet-300 underline underline-offset-4">
        ← Back to the conversation
      </Link>
      <h1 className="mt-4 break-words text-3xl font-bold text-white">Rename “{loaderData.title}”</h1>
      <RenameForm
        id={loaderData.id}
        title={actionData?.title ?? loaderData.title}
        back={`/conversational-ai?c=${loaderData.id}`}
        error={actionData?.error}
      />
    </PageShell>
  );
}
