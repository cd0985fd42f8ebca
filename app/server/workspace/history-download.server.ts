import { disclosureSentence, GENERATOR, AI_LABEL } from "~/content/ai-disclosure";
import { markdownWithDisclosure } from "~/content/markdown-disclosure";
import { renderMarkdown } from "../content/markdown.server";
import { escapeXml } from "../content/xml-text.server";
import { writeDocx, type DocxParagraph } from "../documents/docx-writer.server";
import type { HistoryItem } from "./history.server";
import { conversationText, historyItemText } from "./history-page.server";

// GET /history/:id/download[?format=]: a result as a file. Generated text (the writer's, the
// humanizer's, a chat) downloads as Markdown, Word or HTML, each carrying the disclosure where the
// format has a place for it (front matter, core properties, meta tags; docs/decisions/064), or as
// plain text, which has none. A detection or a media item's input downloads as plain text.

export const downloadFormats = ["md", "docx", "html", "txt"] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

export type DownloadFile = { body: Uint8Array<ArrayBuffer> | string; contentType: string; fileName: string };

/** The item's generated text as Markdown, or undefined when it has none (a detection, a media item). */
function generatedMarkdown(item: HistoryItem): string | undefined {
  const { output } = item;
  if (output.tool === "chat") return conversationText(output.conversation, (speaker, content) => `**${speaker}:**\n\n${content}`);
  // The writer's Markdown and the humanizer's text, as 'Copy' has them.
  return output.tool === "writer" || output.tool === "humanizer" ? historyItemText(item) : undefined;
}

/** Markdown blocks as Word paragraphs: headings bold, emphasis marks dropped, links as 'text (url)'. */
function docxParagraphs(markdown: string): DocxParagraph[] {
  return markdown
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const heading = /^#{1,6}\s+/.exec(block);
      const plain = block
        .slice(heading?.[0].length ?? 0)
        .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, "$1 ($2)")
        .replace(/(\*\*|__)(.+?)\1/g, "$2")
        .replace(/(^|[^*])\*([^*\n]+)\*/g, "$1$2");
      return { text: plain, bold: Boolean(heading) || /^(You|Assistant):$/.test(plain) };
    });
}

function htmlDocument(title: string, body: string, disclosure: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeXml(title)}</title>
<meta name="generator" content="${escapeXml(GENERATOR)}">
<meta name="description" content="${escapeXml(disclosure)}">
<meta name="keywords" content="${escapeXml(AI_LABEL)}">
</head>
<body>
${body}
</body>
</html>
`;
}

/** The file for the format asked for (the tool's own when none), or what to ask for instead. */
export function historyDownload(item: HistoryItem, format: string | null): DownloadFile | { problem: string } {
  const markdown = generatedMarkdown(item);
  const chosen = format ?? (item.output.tool === "writer" ? "md" : "txt");
  const name = (extension: string) => `${item.tool}-${item.id.slice(0, 8)}.${extension}`;
  if (!downloadFormats.includes(chosen as DownloadFormat)) {
    return { problem: `Choose a download format: ${markdown === undefined ? "txt" : downloadFormats.join(", ")}.` };
  }
  if (chosen === "txt") return { body: historyItemText(item), contentType: "text/plain; charset=utf-8", fileName: name("txt") };
  if (markdown === undefined) return { problem: "This result downloads as plain text only: choose txt." };

  const disclosure = { created: new Date(item.createdAt * 1000).toISOString() };
  const sentence = disclosureSentence(disclosure);
  switch (chosen as Exclude<DownloadFormat, "txt">) {
    case "md":
      return { body: markdownWithDisclosure(markdown, disclosure), contentType: "text/markdown; charset=utf-8", fileName: name("md") };
    case "html":
      return {
        body: htmlDocument(item.title, renderMarkdown(markdown), sentence),
        contentType: "text/html; charset=utf-8",
        fileName: name("html"),
      };
    case "docx":
      return {
        body: writeDocx(docxParagraphs(markdown), {
          title: item.title,
          creator: GENERATOR,
          description: sentence,
          keywords: `${AI_LABEL}; trainedAlgorithmicMedia`,
          created: disclosure.created,
        }),
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        fileName: name("docx"),
      };
  }
}
