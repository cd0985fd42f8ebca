// Offline chat: the seed's simulated reply, streamed word by word like a model would write it, and
// honest about what it is. Deterministic; the pause between pieces only makes the streaming visible.

export const OFFLINE_CHAT_NOTICE = "Offline demo engine: no language model was called.";
export const OFFLINE_NO_WEB_SEARCH = "Web search needs the AI provider: the offline demo engine searched nothing.";

/** Pieces per reply at most: a long message streams in bigger pieces, never for seconds on end. */
const MAX_PIECES = 120;
const PIECE_DELAY_MS = 12;

export function offlineChatReply(userContent: string): string {
  return `This is a simulated response to: "${userContent}"\n\n_${OFFLINE_CHAT_NOTICE}_`;
}

/** The reply split into word-sized pieces (each word keeps the whitespace after it). */
export function offlineChatPieces(userContent: string): string[] {
  const words = offlineChatReply(userContent).match(/\S+\s*|\s+/g) ?? [];
  const size = Math.ceil(words.length / MAX_PIECES);
  const pieces: string[] = [];
  for (let start = 0; start < words.length; start += size) pieces.push(words.slice(start, start + size).join(""));
  return pieces;
}

export async function* streamOfflineChat(
  userContent: string,
  { signal, delayMs = PIECE_DELAY_MS }: { signal?: AbortSignal; delayMs?: number } = {},
): AsyncGenerator<string> {
  for (const [index, piece] of offlineChatPieces(userContent).entries()) {
    if (signal?.aborted) return;
    if (index > 0 && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    yield piece;
  }
}
