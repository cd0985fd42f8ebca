import { Form, useSearchParams } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { sharedConversationPath, type SharedLinkSummary } from "~/shared/shared-conversation";
import { Panel } from "./panel";

const smallButton =
  "inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400";

/**
 * The chat conversations this account shared by link (docs/decisions/049): revoke each. Only a
 * link's hash is stored (decision 057), so the link itself is shown once, when it is made.
 */
export function SharedConversationsSection({ links }: { links: SharedLinkSummary[] }) {
  const [search] = useSearchParams();
  return (
    <Panel id="shared-conversations-heading" sectionId="shared-conversations" title="Shared conversations">
      {search.has("revoked") ? (
        <p role="status" className="mt-3 text-emerald-300">
          The link was revoked: it no longer opens the conversation.
        </p>
      ) : null}
      {links.length === 0 ? (
        <p className="mt-3 text-slate-300">You have no shared links. Share a conversation from the chat to get one.</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {links.map((link) => {
            const created = new Date(link.createdAt * 1000);
            return (
              <li key={link.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-white/10 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-white">{link.title}</p>
                  <p className="text-sm text-slate-400">
                    Shared on{" "}
                    <time dateTime={created.toISOString()}>
                      {created.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" })}
                    </time>{" "}
                    · {link.messages} messages
                  </p>
                </div>
                <Form method="post" action={sharedConversationPath(link.id)}>
                  <input type="hidden" name="intent" value="revoke" />
                  <button type="submit" className={smallButton} aria-label={`Revoke the link to “${link.title}”`}>
                    <Icon path={icons.x} className="size-4" />
                    Revoke
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
