import { chatAttachmentLimits } from "~/forms/chat-attachments";
import { sha256Hex } from "../account/secure-random.server";
import { visitorToken, visitorTokenCookie } from "../account/visitor-token.server";
import { accountOf, type ToolCaller } from "./tool-caller.server";

// Owners of files on chat messages (docs/decisions/051-chat-attachments.md). A signed-in account owns its files on the site, an API key's account its files over the
// API; a visitor's files belong to a random token in an HttpOnly cookie of this browser (as a
// visitor's detection reports do, reports/report-owner.server.ts), set with the first file and
// moved forward with each. Only a hash is stored with a file.

export const CHAT_FILES_COOKIE = "__Host-chat-files";

export type FilesOwner = { key: string; cookie?: string };

export const accountOwner = (email: string) => sha256Hex(`account:${email.toLowerCase()}`);

/** Whose files a request sends and reads: the account's (signed in, or its API key), else the browser's; `cookie` renews or sets a visitor's. */
export async function filesOwner(caller: ToolCaller): Promise<FilesOwner> {
  const email = accountOf(caller);
  if (email) return { key: await accountOwner(email) };
  const request = (caller as Extract<ToolCaller, { kind: "visitor" }>).request;
  const token = visitorToken(request, CHAT_FILES_COOKIE);
  const cookie = visitorTokenCookie(CHAT_FILES_COOKIE, token, chatAttachmentLimits.ttlSeconds);
  return { key: await sha256Hex(`visitor:${token}`), cookie };
}
