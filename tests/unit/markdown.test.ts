import { describe, expect, test } from "vitest";
import { renderLegalDocument, type LegalSlug } from "../../app/server/content/legal.server";
import { renderMarkdown } from "../../app/server/content/markdown.server";

// Spec §2: link addresses keep only these protocols (or are relative); images only http(s).
const allowedSchemes = {
  href: ["http", "https", "irc", "ircs", "mailto", "xmpp"],
  src: ["http", "https"],
};

type Tag = { name: string; attributes: Map<string, string> };

// Every literal `<` in the output starts a real tag (text escapes it as `&#x3C;`), and the
// serializer always double-quotes attribute values (which may hold a `>`), so a regex reads the
// tags reliably.
const tagPattern = /<(\/?[a-zA-Z][\w-]*)((?:[^>"]|"[^"]*")*)>/g;

function tagsOf(html: string): Tag[] {
  return [...html.matchAll(tagPattern)].map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attributes: new Map(
      [...rest!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key!.toLowerCase(), decodeEntities(value ?? "")]),
    ),
  }));
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(?:#x([\da-f]+)|#(\d+)|(\w+));/gi, (match, hex, decimal, name) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (decimal) return String.fromCodePoint(parseInt(decimal, 10));
    return named[name.toLowerCase()] ?? match;
  });
}

/** What a browser might make of a URL: whitespace and control characters ignored, %XX decoded. */
function browserView(url: string): string {
  let view = url;
  try {
    view = decodeURIComponent(url);
  } catch {
    // Malformed escapes stay as they are; the browser would not decode them either.
  }
  // oxlint-disable-next-line no-control-regex -- control characters are what a browser drops from a URL
  return view.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
}

function visibleText(html: string): string {
  return decodeEntities(html.replace(tagPattern, ""));
}

function expectNothingExecutable(html: string): void {
  for (const tag of tagsOf(html)) {
    expect(["script", "iframe", "svg", "object", "embed", "style", "math"]).not.toContain(tag.name);
    for (const [name, value] of tag.attributes) {
      expect(name, `event attribute on <${tag.name}>`).not.toMatch(/^on/);
      if (name === "href" || name === "src") {
        const scheme = /^([a-z][a-z\d+.-]*):/.exec(browserView(value))?.[1];
        if (scheme) expect(allowedSchemes[name]).toContain(scheme);
      }
    }
  }
  expect(html).not.toMatch(/<(script|iframe|svg)/i);
}

// Links whose address must come out as `href=""`, keeping the text "click me".
const disallowedLinks: Array<[string, string]> = [
  ["javascript: scheme", "[click me](javascript:alert(1))"],
  ["upper-case JAVASCRIPT:", "[click me](JAVASCRIPT:alert(1))"],
  ["mixed-case JaVaScRiPt:", "[click me](JaVaScRiPt:alert(1))"],
  ["a tab entity inside the scheme", "[click me](java&#x09;script:alert(1))"],
  ["a decimal entity for the first letter", "[click me](&#106;avascript:alert(1))"],
  ["a hex entity inside the scheme", "[click me](jav&#x61;script:alert(1))"],
  ["a named entity for the colon", "[click me](javascript&colon;alert(1))"],
  ["a percent-encoded scheme letter", "[click me](%6Aavascript:alert(1))"],
  ["leading spaces", "[click me](<   javascript:alert(1)>)"],
  ["leading control-character entities", "[click me](&#x0A;&#x0D;&#x01;javascript:alert(1))"],
  ["a data: URL", "[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
  ["vbscript:", "[click me](vbscript:msgbox(1))"],
  ["file:", "[click me](file:///etc/passwd)"],
  ["a reference-style definition", "[click me][1]\n\n[1]: javascript:alert(1)"],
  ["a reference definition with a title", '[click me][x]\n\n[x]: javascript:alert(1) "title"'],
  ["a title full of quotes", '[click me](javascript:alert(1) "a \\"quoted\\" \'title\' ")'],
];

// Raw HTML that must be shown as the very text the author wrote.
const rawHtml: Array<[string, string]> = [
  ["a script element", "<script>alert(1)</script>"],
  ["an img with onerror", "<img src=x onerror=alert(1)>"],
  ["an iframe", '<iframe src="https://evil.example/"></iframe>'],
  ["a link with onclick", '<a href="#" onclick="alert(1)">click</a>'],
  ["an svg with onload", "<svg onload=alert(1)>"],
  ["a div with onmouseover", '<div onmouseover="alert(1)">hover</div>'],
  ["an inline element with an event attribute", "Hello <b onclick=alert(1)>bold</b> world"],
  ["a style element", "<style>body { display: none }</style>"],
  ["an html comment", "<!-- hidden -->"],
];

describe("renderMarkdown with hostile input", () => {
  test.each(disallowedLinks)("blanks the address of a link with %s and keeps its text", (_, markdown) => {
    const html = renderMarkdown(markdown);
    expectNothingExecutable(html);
    expect(html).toMatch(/<a href=""( title="[^"]*")?>click me<\/a>/);
  });

  test("blanks a javascript: autolink and shows its address as text", () => {
    const html = renderMarkdown("<javascript:alert(1)>");
    expectNothingExecutable(html);
    expect(html).toContain('<a href="">javascript:alert(1)</a>');
  });

  test.each([
    ["javascript:", "![x](javascript:alert(1))"],
    ["data:", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
    ["mailto: (links only)", "![x](mailto:support@contentforge.ai)"],
  ])("blanks the source of an image with %s", (_, markdown) => {
    const html = renderMarkdown(markdown);
    expectNothingExecutable(html);
    expect(html).toContain('<img src="" alt="x">');
  });

  test.each(rawHtml)("shows raw HTML (%s) as visible text", (_, markdown) => {
    const html = renderMarkdown(markdown);
    expectNothingExecutable(html);
    expect(visibleText(html)).toContain(markdown);
  });

  test("escapes a raw script tag rather than dropping it", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).toBe("<p>&#x3C;script>alert(1)&#x3C;/script></p>");
  });

  test("escapes quotes in link titles", () => {
    const html = renderMarkdown('[ok](https://example.com "say \\"hi\\" <b>")');
    expectNothingExecutable(html);
    const [link] = tagsOf(html).filter((tag) => tag.name === "a");
    expect(link?.attributes.get("title")).toBe('say "hi" <b>');
  });
});

describe("renderMarkdown with allowed addresses", () => {
  test.each([
    "https://example.com/path?q=1&r=2#top",
    "http://example.com",
    "mailto:support@contentforge.ai",
    "xmpp:support@contentforge.ai",
    "irc://irc.libera.chat/contentforge",
    "ircs://irc.libera.chat:6697/contentforge",
    "/terms",
    "#section",
    "../x",
    "pricing?plan=pro",
  ])("keeps the link address %s exactly", (url) => {
    const html = renderMarkdown(`[link](${url})`);
    const [link] = tagsOf(html).filter((tag) => tag.name === "a");
    expect(link?.attributes.get("href")).toBe(url);
  });

  test.each(["https://example.com/a.png", "http://example.com/a.png", "/images/a.png"])("keeps the image source %s", (url) => {
    const [image] = tagsOf(renderMarkdown(`![x](${url})`)).filter((tag) => tag.name === "img");
    expect(image?.attributes.get("src")).toBe(url);
  });

  test("keeps an upper-case allowed scheme, lower-cased", () => {
    expect(renderMarkdown("[a](HTTPS://example.com)")).toContain('<a href="https://example.com">a</a>');
  });
});

const requiredFacts: Record<LegalSlug, string[]> = {
  "privacy-policy": [
    "Account information",
    "Usage information",
    "Security Measures",
    "Data Storage",
    "Access",
    "Export",
    "Delete your account",
    "Manage cookies",
    "never sell",
    "advertising",
    "at least 30 days",
    "Stripe",
    "never receive or store your full card number",
    "IP address",
    "AI providers",
  ],
  terms: [
    "Definitions",
    "valid email address",
    "accurate, current and complete information",
    "18 years of age or older",
    "Prohibited Activities",
    "monthly or annual",
    "renews automatically",
    "7 days",
    "Intellectual Property",
    "Limitation of Liability",
    "Termination",
    "laws of India",
    "New Delhi, India shall have exclusive jurisdiction",
  ],
  "refund-policy": [
    "more than 24 hours",
    "Technical issues",
    "Billing errors",
    "within 7 days",
    "Used Credits",
    "Custom work",
    "Expired trials",
    "Violations",
    "customer support",
    "1-2 business days",
    "5-7 business days",
    "2-5 business days",
    "maximum of 14 days",
    "original payment method",
    "from your dashboard",
    "do not refund partial periods",
    "access until the end of the current billing period",
    "minimum notice of 24 hours",
  ],
};

describe("legal documents", () => {
  test.each(Object.keys(requiredFacts) as LegalSlug[])("%s states every fact the spec requires", (slug) => {
    const text = visibleText(renderLegalDocument(slug).html);
    for (const fact of requiredFacts[slug]) expect(text).toContain(fact);
  });

  test.each(Object.keys(requiredFacts) as LegalSlug[])(
    "%s starts at a section heading and leaves the title and date to the page",
    (slug) => {
      const { html } = renderLegalDocument(slug);
      expect(html.startsWith("<h2>")).toBe(true);
      expect(html).not.toContain("<h1");
      expect(html).not.toMatch(/last updated:/i);
    },
  );

  test.each(Object.keys(requiredFacts) as LegalSlug[])("%s has only working, allowed links", (slug) => {
    const { html } = renderLegalDocument(slug);
    expectNothingExecutable(html);
    const links = tagsOf(html).filter((tag) => tag.name === "a");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.attributes.get("href")).not.toBe("");
  });

  test("renders each document once per isolate", () => {
    expect(renderLegalDocument("terms")).toBe(renderLegalDocument("terms"));
  });
});

describe("nested rendering (a draft inside a page)", () => {
  test("moves every heading one level down and keeps h6 as the floor", () => {
    const html = renderMarkdown("# Title\n\n## Part\n\n###### Deep", { nested: true });
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<h3>Part</h3>");
    expect(html).toContain("<h6>Deep</h6>");
    expect(html).not.toContain("<h1>");
  });

  test("sanitizes exactly as the top-level renderer does", () => {
    const html = renderMarkdown("[x](javascript:alert(1)) <script>alert(1)</script>", { nested: true });
    expect(html).toContain('href=""');
    expect(html).not.toContain("<script");
  });
});
