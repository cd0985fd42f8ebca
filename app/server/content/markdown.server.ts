import type { Element, Root as HastRoot, RootContent as HastContent } from "hast";
import type { Root as MdastRoot, RootContent as MdastContent } from "mdast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import { remark } from "remark";
import remarkRehype from "remark-rehype";

// Spec §2: link addresses keep only these protocols (or are relative); images only http(s).
type UrlProperty = "href" | "src";

const allowedProtocols: Record<UrlProperty, string[]> = {
  href: ["http", "https", "irc", "ircs", "mailto", "xmpp"],
  src: ["http", "https"],
};

// The sanitizer's own protocol check stays as a backstop; `blankUnsafeUrls` runs first so that in
// practice it never fires (it would delete the attribute, where the spec wants an empty value).
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, ...allowedProtocols },
};

/**
 * Markdown (untrusted or not) → sanitized HTML. Raw HTML is shown as text, never interpreted;
 * a URL with a protocol outside the allow list becomes an empty value, keeping the link text.
 */
export function renderMarkdown(
  markdown: string,
  { nested = false, newTabLinks = false }: { nested?: boolean; newTabLinks?: boolean } = {},
): string {
  return String((newTabLinks ? replyProcessor : nested ? nestedProcessor : processor).processSync(markdown));
}

const processor = remark()
  .use(rawHtmlAsText)
  .use(remarkRehype)
  .use(blankUnsafeUrls)
  .use(rehypeSanitize, schema)
  .use(rehypeStringify)
  .freeze();

// For markdown shown inside a page that already has its <h1> (a generated draft): every heading
// moves one level down, so the page keeps a single <h1> and a sound outline.
const nestedProcessor = remark()
  .use(rawHtmlAsText)
  .use(remarkRehype)
  .use(demoteHeadings)
  .use(blankUnsafeUrls)
  .use(rehypeSanitize, schema)
  .use(rehypeStringify)
  .freeze();

// A chat reply (model output, headings demoted too): its web links open in a new tab, so a page
// without JavaScript keeps its conversation, and carry `nofollow ugc` (the site vouches for none of
// them; shared pages show them to strangers). Only absolute http(s) addresses stay links: a relative
// or protocol-relative one (`//evil.example/…`) would borrow the site's own address, and a mailto: or
// other scheme is no web source, so each becomes its text (docs/decisions/057). Added after the
// sanitizer, which would drop `target`; a citation marker `[n]` becomes superscript.
const replyProcessor = remark()
  .use(rawHtmlAsText)
  .use(remarkRehype)
  .use(demoteHeadings)
  .use(blankUnsafeUrls)
  .use(rehypeSanitize, schema)
  .use(openWebLinksInNewTab)
  .use(rehypeStringify)
  .freeze();

const CITATION_MARKER = /^\[\d+\]$/;

function openWebLinksInNewTab() {
  return (tree: HastRoot) => markLinks(tree.children);
}

const WEB_ADDRESS = /^https?:\/\/[^/]/i;

function markLinks(nodes: HastContent[]): void {
  for (let index = 0; index < nodes.length; index += 1) {
    const node = nodes[index]!;
    if (node.type !== "element") continue;
    if (node.tagName === "a" && !WEB_ADDRESS.test(String(node.properties.href ?? ""))) {
      // Not a web address: the link's content takes its place (and is looked at again, as it may hold elements).
      nodes.splice(index, 1, ...(node.children as HastContent[]));
      index -= 1;
      continue;
    }
    if (node.tagName === "a") {
      node.properties.target = "_blank";
      node.properties.rel = ["noopener", "noreferrer", "nofollow", "ugc"];
      const text = node.children.length === 1 && node.children[0]?.type === "text" ? node.children[0].value : "";
      if (CITATION_MARKER.test(text)) {
        const title = node.properties.title ? `: ${String(node.properties.title)}` : "";
        node.properties.ariaLabel = `Source ${text.slice(1, -1)}${title} (opens in a new tab)`;
        nodes[index] = { type: "element", tagName: "sup", properties: {}, children: [node] };
      }
      continue;
    }
    markLinks(node.children);
  }
}

function demoteHeadings() {
  return (tree: HastRoot) =>
    visitElements(tree.children, (element) => {
      const level = /^h([1-6])$/.exec(element.tagName)?.[1];
      if (level) element.tagName = `h${Math.min(6, Number(level) + 1)}`;
    });
}

// remark-rehype silently drops raw HTML; the spec wants it visible, so it becomes a text node
// (a paragraph where it stood as a block) and the serializer escapes it.
function rawHtmlAsText() {
  return (tree: MdastRoot) => replaceHtmlNodes(tree);
}

function replaceHtmlNodes(parent: { type: string; children: MdastContent[] }): void {
  const isBlockContainer = ["root", "blockquote", "listItem"].includes(parent.type);
  parent.children = parent.children.map((node): MdastContent => {
    if (node.type === "html") {
      const text = { type: "text" as const, value: node.value, position: node.position };
      return isBlockContainer ? { type: "paragraph", children: [text] } : text;
    }
    if ("children" in node) replaceHtmlNodes(node);
    return node;
  });
}

function blankUnsafeUrls() {
  return (tree: HastRoot) => visitElements(tree.children, blankUnsafeUrlsOf);
}

function visitElements(nodes: HastContent[], visit: (element: Element) => void): void {
  for (const node of nodes) {
    if (node.type !== "element") continue;
    visit(node);
    visitElements(node.children, visit);
  }
}

function blankUnsafeUrlsOf(element: Element): void {
  for (const property of Object.keys(allowedProtocols) as UrlProperty[]) {
    const value = element.properties[property];
    if (value === undefined || value === null) continue;
    element.properties[property] = safeUrl(String(value), allowedProtocols[property]);
  }
}

/**
 * The sanitizer's rule (hast-util-sanitize), made case-insensitive: a URL is relative when it has
 * no colon or its first colon comes after a `/`, `?` or `#`; otherwise its scheme must be allowed.
 * mdast-util-to-hast has already decoded entities and percent-encoded whitespace and control
 * characters, so `java&#x09;script:` arrives as `java%09script:` and fails the allow list.
 */
function safeUrl(url: string, protocols: string[]): string {
  const colon = url.indexOf(":");
  const relative =
    colon < 0 ||
    ["/", "?", "#"].some((mark) => {
      const at = url.indexOf(mark);
      return at > -1 && at < colon;
    });
  if (relative) return url;

  const scheme = url.slice(0, colon).toLowerCase();
  // Lower-cased so the sanitizer's case-sensitive backstop keeps e.g. `HTTPS://…`.
  return protocols.includes(scheme) ? scheme + url.slice(colon) : "";
}
