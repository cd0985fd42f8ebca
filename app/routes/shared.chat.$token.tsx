import { SharedConversation } from "~/components/tools/chat/shared-conversation";
import { revokeSharedConversationAction, sharedConversationPage } from "~/server/conversations/share-pages.server";
import { sharedHeaders } from "~/server/reports/report-pages.server";
import type { Route } from "./+types/shared.chat.$token";

// A chat conversation opened by its share link: read-only, for anyone, never indexed. Its owner's
// Revoke (on the dashboard) posts here.
export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.conversation.title;
  return [
    { title: `${title ? `${title} · ` : ""}Shared conversation · ContentForge AI` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export function headers() {
  return sharedHeaders;
}

export const loader = ({ params }: Route.LoaderArgs) => sharedConversationPage(params.token);

export const action = (args: Route.ActionArgs) => revokeSharedConversationAction(args, args.params.token);

export default function SharedChat({ loaderData }: Route.ComponentProps) {
  return <SharedConversation conversation={loaderData.conversation} />;
}
