import type { ChatCitation } from "~/shared/ai-types";

// A reply's web sources as the conversation carries them (the hidden history field, the tab's
// sessionStorage, a script's JSON), so an earlier reply keeps its numbered links and 'Sources'
// list when the page is rendered again. Kept free of zod: this module reaches the browser.

export const carriedCitationLimits = {
  /** Sources a carried reply keeps; a search seldom cites more than a dozen. */
  perMessage: 20,
  url: 2_048,
  title: 300,
} as const;

/** A carried source read back; undefined if malformed (not a web address, offsets out of order or past the reply). */
export function readCarriedCitation(value: unknown, contentLength: number): ChatCitation | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { url, title, start, end } = value as Record<string, unknown>;
  if (typeof url !== "string" || url.length > carriedCitationLimits.url || !isWebAddress(url)) return undefined;
  if (typeof title !== "string" || title.length > carriedCitationLimits.title) return undefined;
  if (!Number.isInteger(start) || !Number.isInteger(end)) return undefined;
  const from = start as number;
  const to = end as number;
  if (from < 0 || to < from || to > contentLength) return undefined;
  return { url, title, start: from, end: to };
}

/**
 * What a reply carries on: the sources the schema will take back (a span still inside its possibly
 * cut text, a web address; a long title shortened), at most `perMessage`, so that what the page
 * carries is never refused.
 */
export function carriedCitations(citations: readonly ChatCitation[] | undefined, contentLength: number): ChatCitation[] {
  return (citations ?? [])
    .flatMap(
      (citation) => readCarriedCitation({ ...citation, title: citation.title.slice(0, carriedCitationLimits.title) }, contentLength) ?? [],
    )
    .slice(0, carriedCitationLimits.perMessage);
}

function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}
