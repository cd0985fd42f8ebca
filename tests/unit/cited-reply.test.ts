import { describe, expect, test } from "vitest";
import { citedMarkdown, numberedSources, renderReply } from "~/server/content/cited-reply.server";

// A web search's sources written into the reply: numbered markers after the spans they support, and
// a 'Sources' list, through the same sanitizer as the reply.

const a = { url: "https://www.a.example/page", title: "Page A" };
const b = { url: "https://b.example/", title: "Page B" };

describe("cited replies", () => {
  test("a reply without sources is left as it is", () => {
    expect(citedMarkdown("Just text.", [])).toBe("Just text.");
    expect(renderReply("Just **text**.")).toBe("<p>Just <strong>text</strong>.</p>");
  });

  test("markers follow their spans, one number per address in the order first cited, and the list names title and host", () => {
    const text = "Alpha is true. Beta is false. Alpha again.";
    const markdown = citedMarkdown(text, [
      { ...b, start: 15, end: 29 },
      { ...a, start: 0, end: 14 },
      { ...a, start: 30, end: 42 },
    ]);
    expect(markdown).toBe(
      'Alpha is true.[\\[1\\]](<https://www.a.example/page> "Page A") Beta is false.[\\[2\\]](<https://b.example/> "Page B") Alpha again.[\\[1\\]](<https://www.a.example/page> "Page A")' +
        "\n\n**Sources**\n\n1. [Page A](<https://www.a.example/page>) · a.example\n2. [Page B](<https://b.example/>) · b.example\n",
    );
    expect(numberedSources([{ ...a, start: 0, end: 1 }]).map((source) => source.host)).toEqual(["a.example"]);
  });

  test("the model's own inline link to the source is replaced by the marker", () => {
    const text = "WCAG 2.2 is current ([w3.org](https://www.w3.org/TR/WCAG22/)).";
    const start = text.indexOf("(");
    const html = renderReply(text, [{ url: "https://www.w3.org/TR/WCAG22/", title: "WCAG 2.2", start, end: text.length - 1 }]);
    expect(html).toContain(
      'WCAG 2.2 is current <sup><a href="https://www.w3.org/TR/WCAG22/" title="WCAG 2.2" target="_blank" rel="noopener noreferrer nofollow ugc" aria-label="Source 1: WCAG 2.2 (opens in a new tab)">[1]</a></sup>.</p>',
    );
    expect(html).not.toContain(">w3.org<");
  });

  test("addresses that are not web pages are dropped, offsets out of range are clamped, markup in titles stays text", () => {
    const html = renderReply("Short.", [
      { url: "javascript:alert(1)", title: "x", start: 0, end: 6 },
      { url: "https://c.example/a b", title: "**bold** <i>x</i> ](evil)", start: -5, end: 99 },
    ]);
    expect(html).not.toMatch(/href="javascript/);
    expect(html).toContain('href="https://c.example/a%20b"');
    expect(html).toContain("**bold** &#x3C;i>x&#x3C;/i> ](evil)</a> · c.example");
    expect(html.match(/<li>/g)).toHaveLength(1);
  });

  test("every web link of a reply opens in a new tab without passing on the page; other links are their text", () => {
    expect(renderReply("See [docs](https://example.com) and [mail](mailto:a@example.com).")).toBe(
      '<p>See <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow ugc">docs</a> and mail.</p>',
    );
  });

  test("a protocol-relative, relative or schemeless link is no link, only its text (issue 41)", () => {
    const html = renderReply(
      "[click](//evil.example/phish) [here](/pricing) [there](http:evil.example) [**bold**](https:/evil.example) [fine](HTTPS://ok.example)",
    );
    expect(html).toBe(
      '<p>click here there <strong>bold</strong> <a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow ugc">fine</a></p>',
    );
  });
});
