import type { ChatAttachment, ChatProject } from "~/shared/ai-types";
import { describeChatFiles } from "./chat-files.server";
import { projectPreface } from "./project-instructions.server";

// Offline chat: the seed's simulated reply, streamed word by word like a model would write it, and
// honest about what it is: files on the message are named and measured, never pretended to be read. Deterministic; the pause between pieces only makes the streaming visible.

export const OFFLINE_CHAT_NOTICE = "Offline demo engine: no language model was called.";
export const OFFLINE_NO_WEB_SEARCH = "Web search needs the AI provider: the offline demo engine searched nothing.";

/** Pieces per reply at most: a long message streams in bigger pieces, never for seconds on end. */
const MAX_PIECES = 120;
const PIECE_DELAY_MS = 12;

export function offlineChatReply(
  userContent: string,
  files: readonly ChatAttachment[] = [],
  earlier: readonly ChatAttachment[] = [],
  project?: ChatProject,
): string {
  const about = describeChatFiles(files, earlier);
  const reply = `This is a simulated response to: "${userContent}"\n\n${about ? `${about}\n\n` : ""}_${OFFLINE_CHAT_NOTICE}_`;
  return project ? projectPreface(project, reply) : reply;
}

/** The reply split into word-sized pieces (each word keeps the whitespace after it). */
export function offlineChatPieces(
  userContent: string,
  files: readonly ChatAttachment[] = [],
  earlier: readonly ChatAttachment[] = [],
  project?: ChatProject,
): string[] {
  const words = offlineChatReply(userContent, files, earlier, project).match(/\S+\s*|\s+/g) ?? [];
  const size = Math.ceil(words.length / MAX_PIECES);
  const pieces: string[] = [];
  for (let start = 0; start < words.length; start += size) pieces.push(words.slice(start, start + size).join(""));
  return pieces;
}

export async function* streamOfflineChat(
  userContent: string,
  {
    signal,
    delayMs = PIECE_DELAY_MS,
    files = [],
    earlier = [],
    project,
  }: {
    signal?: AbortSignal;
    delayMs?: number;
    files?: readonly ChatAttachment[];
    earlier?: readonly ChatAttachment[];
    project?: ChatProject;
  } = {},
): AsyncGenerator<string> {
  for (const [index, piece] of offlineChatPieces(userContent, files, earlier, project).entries()) {
    if (signal?.aborted) return;
    if (index > 0 && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    yield piece;
  }
}
