import type { RouterContextProvider } from "react-router";
import { chatAttachmentLimits } from "~/forms/chat-attachments";
import { accountContext } from "../account/account-middleware.server";
import { sha256Hex } from "../account/secure-random.server";
import { visitorToken, visitorTokenCookie } from "../account/visitor-token.server";
import type { ChatFiles, SentFile } from "./chat-attachments.server";
import { withInput, type ToolDefinition } from "./tool-pipeline.server";

// Owners of files on chat messages (docs/decisions/051-chat-attachments.md). A signed-in account owns its files on the site, an API key's account its files over the
// API; a visitor's files belong to a random token in an HttpOnly cookie of this browser (as a
// visitor's detection reports do, reports/report-owner.server.ts), set with the first file and
// moved forward with each. Only a hash is stored with a file.

export const CHAT_FILES_COOKIE = "__Host-chat-files";

export type FilesOwner = { key: string; cookie?: string };

export const accountOwner = (email: string) => sha256Hex(`account:${email.toLowerCase()}`);

/** Whose files a page's (or /api/chat's) request sends and reads; `cookie` renews or sets a visitor's. */
export async function siteFilesOwner(request: Request, context: Readonly<RouterContextProvider>): Promise<FilesOwner> {
  const email = context.get(accountContext)?.email;
  if (email) return { key: await accountOwner(email) };
  const token = visitorToken(request, CHAT_FILES_COOKIE);
  const cookie = visitorTokenCookie(CHAT_FILES_COOKIE, token, chatAttachmentLimits.ttlSeconds);
  return { key: await sha256Hex(`visitor:${token}`), cookie };
}

/** The owner's cookie on an answer that stored files for a visitor who had none. */
export function withOwnerCookie<T extends Response | { init?: ResponseInit | null }>(answer: T, owner: FilesOwner, stored: boolean): T {
  if (!owner.cookie || !stored) return answer;
  if (answer instanceof Response) {
    answer.headers.append("Set-Cookie", owner.cookie);
    return answer;
  }
  const headers = new Headers(answer.init?.headers);
  headers.append("Set-Cookie", owner.cookie);
  answer.init = { ...answer.init, headers };
  return answer;
}

/** A chat definition with the sent files and their owner added to its input. */
export const withChatFiles = <S extends import("zod").ZodType, Result>(
  definition: ToolDefinition<S, Result>,
  files: SentFile[],
  owner: string,
) => withInput(definition, { files, owner } satisfies ChatFiles);
