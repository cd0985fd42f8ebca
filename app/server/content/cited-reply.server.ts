import type { ChatCitation } from "~/shared/ai-types";
import { renderMarkdown } from "./markdown.server";

// A chat reply and the sources a web search found for it, as one sanitized HTML: a numbered link
// `[n]` after each span a source supports, and a 'Sources' list with each title and host. Both are
// written as Markdown and go through the same sanitizer as the reply itself (markdown.server.ts),
// so a hostile title or address is as harmless as hostile reply text.

/** The reply's Markdown rendered for the chat (headings demoted, web links in a new tab), with its sources. */
export function renderReply(markdown: string, citations: readonly ChatCitation[] = []): string {
  return renderMarkdown(citedMarkdown(markdown, citations), { nested: true, newTabLinks: true });
}

/** The sources of a reply, one per address, numbered in the order the reply first cites them. */
export function numberedSources(citations: readonly ChatCitation[]): { url: string; title: string; host: string }[] {
  const sources = new Map<string, { url: string; title: string; host: string }>();
  for (const citation of [...citations].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const host = webHost(citation.url);
    if (host && !sources.has(citation.url)) sources.set(citation.url, { url: citation.url, title: citation.title.trim() || host, host });
  }
  return [...sources.values()];
}

/**
 * The reply with its markers and sources list as Markdown. A span that is itself a Markdown link
 * (models often write the source inline, "([example.com](https://…))") is replaced by its marker;
 * otherwise the marker follows the span.
 */
export function citedMarkdown(markdown: string, citations: readonly ChatCitation[]): string {
  const sources = numberedSources(citations);
  if (sources.length === 0) return markdown;
  const numberOf = new Map(sources.map((source, index) => [source.url, index + 1]));
  const byEnd = new Map<number, { start: number; markers: string[] }>();
  for (const citation of citations) {
    const number = numberOf.get(citation.url);
    if (number === undefined) continue;
    const end = Math.min(Math.max(citation.end, 0), markdown.length);
    const start = Math.min(Math.max(citation.start, 0), end);
    const at = byEnd.get(end) ?? { start: end, markers: [] };
    const marker = `[\\[${number}\\]](${destination(citation.url)} "${titleText(sources[number - 1]!.title)}")`;
    if (!at.markers.includes(marker)) at.markers.push(marker);
    if (INLINE_LINK.test(markdown.slice(start, end))) at.start = Math.min(at.start, start);
    byEnd.set(end, at);
  }
  let text = markdown;
  // From the end backwards, so earlier offsets still hold.
  for (const [end, { start, markers }] of [...byEnd].sort(([a], [b]) => b - a)) {
    text = `${text.slice(0, start)}${markers.join("")}${text.slice(end)}`;
  }
  const list = sources.map(
    (source, index) => `${index + 1}. [${inlineText(source.title)}](${destination(source.url)}) · ${inlineText(source.host)}`,
  );
  return `${text.trimEnd()}\n\n**Sources**\n\n${list.join("\n")}\n`;
}

/** "([example.com](https://…))" or "[example.com](https://…)", alone in the span. */
const INLINE_LINK = /^\s*\(?\[[^\]\n]*\]\([^)\s]*\)\)?\s*$/;

function webHost(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.hostname.replace(/^www\./, "") : undefined;
  } catch {
    return undefined;
  }
}

/** A link destination in angle brackets: only `<`, `>` and line breaks would end it. */
const destination = (url: string) => `<${url.replace(/[<>\s]/g, (character) => encodeURIComponent(character))}>`;

/** Text that stays text inside a link's label: Markdown's punctuation escaped. */
const inlineText = (text: string) => text.replace(/\s+/g, " ").replace(/[\\`*_[\]()<>#!|~&]/g, (character) => `\\${character}`);

/** A link title in double quotes. */
const titleText = (text: string) => text.replace(/\s+/g, " ").replace(/["\\]/g, (character) => `\\${character}`);
