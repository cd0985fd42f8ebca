// How the history's search box and pages are written in queries (history.server.ts runs them).

/**
 * The search box's words as an FTS5 query: each word quoted (so FTS5 syntax typed by a person is
 * just text), all of them required, the last one also matching as a prefix (as you type).
 */
export function ftsQuery(query: string): string | undefined {
  const words = query.match(/[\p{L}\p{N}_]+/gu)?.slice(0, 12);
  if (!words?.length) return undefined;
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? "*" : ""}`).join(" ");
}

export function encodeCursor(updatedAt: number, seq: number): string {
  return `${updatedAt.toString(36)}.${seq.toString(36)}`;
}

const CURSOR = /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})$/;

export function decodeCursor(cursor: string): { updatedAt: number; seq: number } | undefined {
  const match = CURSOR.exec(cursor);
  return match ? { updatedAt: parseInt(match[1]!, 36), seq: parseInt(match[2]!, 36) } : undefined;
}
