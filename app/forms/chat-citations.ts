import type { ChatCitation } from "~/shared/ai-types";

// A reply's web sources as the conversation carries them (the hidden history field, the tab's
// sessionStorage, a script's JSON, the workspace history), so an earlier reply keeps its numbered
// links and 'Sources' list when it is rendered again. Kept free of zod: this module reaches the browser.

export const carriedCitationLimits = {
  /** Sources a reply keeps (the first ones); a search seldom cites more than a dozen. */
  perMessage: 20,
  /** More than this on one message refuses the post: a bound on the work, never a real reply. */
  received: 200,
  url: 8_192,
  /** A longer title is cut: the provider uses the address when a page has no title. */
  title: 300,
} as const;

/**
 * A carried source read back, its title cut to `title` characters; undefined if malformed: not a
 * web address (or longer than `url`), a title that is not text, offsets that are not whole numbers,
 * out of order or past the reply.
 */
export function readCarriedCitation(value: unknown, contentLength: number): ChatCitation | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { url, title, start, end } = value as Record<string, unknown>;
  if (typeof url !== "string" || url.length > carriedCitationLimits.url || !isWebAddress(url)) return undefined;
  if (typeof title !== "string") return undefined;
  if (!Number.isInteger(start) || !Number.isInteger(end)) return undefined;
  const from = start as number;
  const to = end as number;
  if (from < 0 || to < from || to > contentLength) return undefined;
  return { url, title: title.slice(0, carriedCitationLimits.title), start: from, end: to };
}

/**
 * The `citations` a message keeps, to spread into it: a reply's well-formed sources (a span inside
 * its possibly cut text, a web address), titles cut, at most `perMessage`; nothing for a user
 * message or a reply without sources. What this keeps, the history's schema takes back.
 */
export function keptCitations(role: string, citations: unknown, contentLength: number): { citations?: ChatCitation[] } {
  if (role !== "assistant" || !Array.isArray(citations)) return {};
  const kept = citations
    .flatMap((citation) => readCarriedCitation(citation, contentLength) ?? [])
    .slice(0, carriedCitationLimits.perMessage);
  return kept.length ? { citations: kept } : {};
}

function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}
