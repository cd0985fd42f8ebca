import { carriedHistory, type ChatMessage } from "~/forms/chat-history";
import { fromBase64Url, toBase64Url } from "../base64.server";
import { purposeKey } from "../account/purpose-key.server";

// The chat keeps no server state: earlier replies travel in the form's history field, so a page
// can carry any text as an 'assistant' message. To tell the site's replies from text a person
// supplied (docs/decisions/057), the server signs each reply when it produces it (an HMAC under a
// key derived from SESSION_SECRET over the reply as the conversation carries it: its text cut to
// the carried length and its kept sources) and the signature travels with the reply. A shared
// conversation shows a reply as the site's only when its signature verifies.

const PURPOSE = "contentforge chat reply signing key v1";

/** A key for this purpose only (so a reply's MAC is never a cookie's); undefined without SESSION_SECRET. */
const signingKey = () => purposeKey(PURPOSE);

/** What a signature covers: a reply's text and sources (not its id, time or place in the conversation). */
type Reply = Pick<ChatMessage, "role" | "content" | "citations" | "signature">;

/** The bytes signed: the reply as the next post will carry it back (cut text, kept sources), canonical. */
function signedBytes({ content, citations }: Reply): Uint8Array<ArrayBuffer> | undefined {
  const [carried] = carriedHistory([{ id: "", role: "assistant", content, citations }]);
  if (!carried) return undefined;
  const sources = (carried.citations ?? []).map(({ url, title, start, end }) => [url, title, start, end]);
  return new TextEncoder().encode(JSON.stringify([carried.content, sources]));
}

/** The reply with its signature (base64url), or as it was when the server has no SESSION_SECRET. */
export async function signedReply<Message extends Reply>(reply: Message): Promise<Message> {
  const key = await signingKey();
  const bytes = signedBytes(reply);
  if (!key || !bytes) return reply;
  return { ...reply, signature: toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, bytes))) };
}

/** Whether this message is a reply the server produced: an assistant message whose signature verifies. */
export async function isSignedReply(message: Reply): Promise<boolean> {
  if (message.role !== "assistant" || !message.signature || !/^[A-Za-z0-9_-]{43}$/.test(message.signature)) return false;
  const key = await signingKey();
  const bytes = signedBytes(message);
  if (!key || !bytes) return false;
  return crypto.subtle.verify("HMAC", key, fromBase64Url(message.signature), bytes);
}
