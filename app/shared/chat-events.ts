import type { AttachmentRef } from "~/forms/chat-attachments";
import type { ShownMessage } from "~/forms/chat-history";
import type { ChatCitation } from "./ai-types";
import type { ChatAllowance } from "./chat-allowance";

// The chat stream's wire format (POST /api/chat): one JSON object per line (NDJSON). A reply is
// any number of `token` lines, then exactly one `done` (with the reply rendered to sanitized HTML
// on the server, so the browser needs no Markdown code) or one `error` — once the headers are
// sent, a failure can only travel inside the stream. Refusals before streaming (invalid input,
// demo limit, provider down) are plain JSON bodies with a 4xx/5xx status instead. A web search's
// sources come with `done`: in its HTML as numbered links and a 'Sources' list, and as data; so
// do the server's signature on the reply (carried with it, docs/decisions/057) and what is left of
// the allowance for the line under the message box.
// A message sent with files first gets one `attachments` line: the stored files' ids, which the
// page carries with the conversation from then on. A reply someone stopped (Stop, in any tab) ends
// with `stopped`. The reply is written by the conversation's Durable Object, not by the request: a
// page that lost the stream follows it again (GET /api/chat?conversation=…&after=<characters it has>)
// and gets the rest of the text in one `token`, then the live ones (docs/decisions/072).
export type ChatStreamEvent =
  | { type: "attachments"; attachments: AttachmentRef[] }
  | { type: "token"; text: string }
  | { type: "done"; html: string; citations?: ChatCitation[]; signature?: string; allowance?: ChatAllowance }
  | { type: "error"; message: string }
  | { type: "stopped" };

/** The body of a refusal before streaming starts. */
export type ChatRefusal = { error: string; fieldErrors?: Record<string, string>; upgradeUrl?: string };

export const CHAT_STREAM_CONTENT_TYPE = "application/x-ndjson; charset=utf-8";

/**
 * What the page's action answers without JavaScript: the whole conversation, replies rendered; the
 * new reply's sources. `running`: the reply is still being written (the page waited as long as it
 * may), and the conversation ends with what there is so far.
 */
export type ChatResult = { conversation: ShownMessage[]; citations?: ChatCitation[]; running?: true };
