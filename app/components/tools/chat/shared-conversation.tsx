import { Link } from "react-router";
import { CopyButton } from "~/components/ui/copy-button";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { PageShell, primaryButtonClass } from "~/components/ui/page-shell";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { SharedConversationView } from "~/shared/shared-conversation";
import { Card } from "../form-parts";
import { MessageList } from "./message-list";

/**
 * A conversation opened by its share link (/shared/chat/:token): the chat's own message list and
 * rendering, read-only, without the form; replies were rendered on the server from their Markdown.
 */
export function SharedConversation({ conversation }: { conversation: SharedConversationView }) {
  const hydrated = useHydrated();
  const shared = new Date(conversation.createdAt * 1000);
  return (
    <PageShell width="max-w-4xl">
      <p className="flex items-center gap-2 rounded-xl border border-white/10 bg-slate-900/60 px-4 py-3 text-sm text-slate-300">
        <Icon path={icons.info} className="size-4 shrink-0 text-sky-300" />
        Shared conversation, read-only. Its owner can revoke the link at any time.
      </p>
      <h1 className="mt-6 text-3xl font-bold break-words text-white">{conversation.title}</h1>
      <p className="mt-2 text-sm text-slate-400">
        Shared on <time dateTime={shared.toISOString()}>{shared.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })}</time>{" "}
        · {conversation.messages.length} messages
      </p>
      <Card className="mt-6 overflow-hidden p-0!">
        <MessageList
          messages={conversation.messages}
          pending={false}
          hydrated={hydrated}
          actions={(message) => (
            <>
              {message.sharedFiles
                ?.filter((file) => file.text !== undefined)
                .map((file, index) => (
                  // Two files may share a name.
                  <details key={`${index}-${file.name}`} className="mt-2 text-left text-sm text-slate-300">
                    <summary className="cursor-pointer text-sky-300">Text of {file.name}</summary>
                    <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-950/70 p-3 whitespace-pre-wrap">{file.text}</pre>
                  </details>
                ))}
              <div className={`mt-1 flex ${message.role === "user" ? "justify-end" : ""}`}>
                <CopyButton
                  small
                  text={message.content}
                  accessibleName={message.role === "user" ? "Copy the question" : "Copy the reply"}
                />
              </div>
            </>
          )}
        />
      </Card>
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <Link to="/conversational-ai" className={primaryButtonClass}>
          <Icon path={icons.messagesSquare} className="size-5" />
          Start your own conversation
        </Link>
        <Link to="/pricing" className="text-sky-300 underline">
          See plans
        </Link>
      </div>
    </PageShell>
  );
}
