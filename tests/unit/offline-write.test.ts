import { describe, expect, it } from "vitest";
import { LIMITS, OFFLINE_NOTICE, writeContent, type ContentTypeId, type WriteInput } from "../../app/server/ai/offline/write.server";

const TYPES: ContentTypeId[] = ["blog", "social", "email", "product", "ad", "script"];
const KEYWORDS = ["container gardening", "small spaces", "herbs"];
const TOPIC = "Write a blog post about how to start a vegetable garden on a small balcony with very little sunlight";

const draft = (type: ContentTypeId, overrides: Partial<WriteInput> = {}) =>
  writeContent({ type, keywords: KEYWORDS, topic: TOPIC, ...overrides });

const lines = (markdown: string) => markdown.split("\n");

// "1. Some headline (16 chars)" → "Some headline", for the lines under a heading.
function numberedItems(markdown: string, heading: RegExp): string[] {
  const section = markdown.split(/^## /m).find((part) => heading.test(part)) ?? "";
  return [...section.matchAll(/^\d+\. (.*) \((\d+) chars\)$/gm)].map((m) => {
    expect(m[1]?.length).toBe(Number(m[2]));
    return m[1] ?? "";
  });
}

describe("writeContent for every type", () => {
  it("ends with a one-line italic note that it is an offline demo draft", () => {
    for (const type of TYPES) {
      const last = lines(draft(type).trimEnd()).at(-1);
      expect(last, type).toBe(`*${OFFLINE_NOTICE}*`);
    }
  });

  it("mentions every keyword (as written or as a hashtag)", () => {
    for (const type of TYPES) {
      const output = draft(type).toLowerCase();
      for (const keyword of KEYWORDS) {
        const tag = `#${keyword.replace(/\s+/g, "")}`;
        expect(output.includes(keyword) || output.includes(tag), `${type}: ${keyword}`).toBe(true);
      }
    }
  });

  it("returns the same draft for the same input", () => {
    for (const type of TYPES) expect(draft(type)).toBe(draft(type));
  });

  it("works without keywords and never prints undefined, null or an empty hashtag", () => {
    for (const type of TYPES) {
      const output = draft(type, { keywords: [] });
      expect(output, type).not.toMatch(/undefined|null|NaN/);
      expect(output, type).not.toMatch(/(?<=\S )#(?:\s|$)/m);
      expect(output.length, type).toBeGreaterThan(100);
    }
  });

  it("ignores blank, duplicate and '#'-prefixed keywords", () => {
    const output = draft("social", { keywords: [" herbs ", "", "#Herbs", "HERBS"] });
    expect(output.match(/#Herbs/g)).toHaveLength(3);
  });

  it("turns a request into a topic headline instead of echoing it", () => {
    const title = lines(draft("blog"))[0] ?? "";
    expect(title).not.toMatch(/write a blog post/i);
    expect(title).toContain("How to Start a Vegetable Garden on a Small Balcony");
    expect(title).not.toMatch(/ with very/);
  });
});

describe("writeContent structure per type", () => {
  it("blog: '# ' title with the first keyword, at least three '## ' sections, keyword in the first paragraph", () => {
    const output = draft("blog");
    const [title, , firstParagraph] = lines(output);
    expect(title?.startsWith("# ")).toBe(true);
    expect(title?.toLowerCase()).toContain(KEYWORDS[0]);
    expect(firstParagraph?.toLowerCase()).toContain(KEYWORDS[0]);
    expect(output.match(/^## /gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(output).toMatch(/^## Conclusion$/m);
  });

  it("social: two or three posts within the character limit, with hashtags built from the keywords", () => {
    const output = draft("social");
    const posts = output.split(/\*\*Post \d\*\* \(\d+\/280 characters\)\n\n/).slice(1);
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(posts.length).toBeLessThanOrEqual(3);
    for (const post of posts) {
      const body = post.split("\n\n*")[0]?.trim() ?? "";
      expect(body.length).toBeLessThanOrEqual(LIMITS.socialPost);
      expect(body).toContain("#ContainerGardening #SmallSpaces #Herbs");
    }
  });

  it("email: subject line, greeting, call to action and sign-off", () => {
    const output = draft("email");
    const subject = /^\*\*Subject:\*\* (.+)$/m.exec(output)?.[1] ?? "";
    expect(subject.length).toBeGreaterThan(0);
    expect(subject.length).toBeLessThanOrEqual(LIMITS.emailSubject);
    expect(output).toMatch(/^(?:Hi there|Hello|Hi everyone),$/m);
    expect(output).toMatch(/reply|book/i);
    expect(output).toMatch(/^(?:Best regards|Kind regards|Thanks),\n\[Your name\]$/m);
  });

  it("product: headline, pitch, one feature bullet per keyword and a closing line", () => {
    const output = draft("product");
    expect(output.startsWith("# ")).toBe(true);
    expect(output).toMatch(/^## Key features$/m);
    for (const keyword of KEYWORDS) expect(output.toLowerCase()).toContain(`- **${keyword}**`);
  });

  it("ad: three headlines of at most 30 characters, descriptions of at most 90, and a call to action", () => {
    const output = draft("ad");
    const headlines = numberedItems(output, /^Headlines/);
    const descriptions = numberedItems(output, /^Descriptions/);
    expect(headlines).toHaveLength(3);
    expect(descriptions.length).toBeGreaterThanOrEqual(2);
    for (const headline of headlines) expect(headline.length).toBeLessThanOrEqual(LIMITS.adHeadline);
    for (const description of descriptions) expect(description.length).toBeLessThanOrEqual(LIMITS.adDescription);
    expect(output).toMatch(/^\*\*Call to action:\*\* \S/m);
  });

  it("ad: keeps limits even with very long keywords", () => {
    const output = draft("ad", { keywords: ["an extraordinarily long keyword phrase that goes on", "another long one here"] });
    for (const item of [...numberedItems(output, /^Headlines/), ...numberedItems(output, /^Descriptions/)]) {
      expect(item.length).toBeLessThanOrEqual(LIMITS.adDescription);
    }
    for (const headline of numberedItems(output, /^Headlines/)) expect(headline.length).toBeLessThanOrEqual(LIMITS.adHeadline);
  });

  it("script: title, duration and timed scenes with VISUAL and VOICEOVER lines", () => {
    const output = draft("script");
    expect(output.startsWith("# ")).toBe(true);
    expect(output).toMatch(/\*\*Duration:\*\* about 60 seconds/);
    expect(output).toContain("## Scene 1 — Hook (0:00–0:10)");
    const scenes = output.match(/^## Scene \d+ — .+ \(\d:\d\d–\d:\d\d\)$/gm) ?? [];
    expect(scenes.length).toBeGreaterThanOrEqual(3);
    expect(output.match(/^\*\*VISUAL:\*\* /gm)).toHaveLength(scenes.length);
    expect(output.match(/^\*\*VOICEOVER:\*\* /gm)).toHaveLength(scenes.length);
  });
});

describe("the offline writer never repeats itself", () => {
  const bullets = (markdown: string) => [...markdown.matchAll(/^- \*{0,2}[^:*—]+\*{0,2}:?\*{0,2} ?—? ?(.+)$/gm)].map((m) => m[1]);
  const topics = [
    "Sourdough guide for beginners",
    "Budget travel in Portugal",
    "Remote team onboarding",
    "Home composting",
    "Learning the piano as an adult",
  ];
  const keywordSets = [
    ["sourdough", "beginners", "starter", "flour", "oven", "timing"],
    ["trains", "hostels", "food"],
    ["checklists", "buddies"],
  ];

  it("gives each keyword of a blog post, email or product its own sentence", () => {
    for (const topic of topics) {
      for (const keywords of keywordSets) {
        for (const type of ["blog", "email", "product"] as const) {
          const items = bullets(writeContent({ type, keywords, topic }));
          expect(items.length, `${type}: ${topic}`).toBe(keywords.length);
          expect(new Set(items).size, `${type}: ${topic} ${keywords.join(",")}: ${items.join(" | ")}`).toBe(items.length);
        }
      }
    }
  });

  it("never doubles a word in a blog title ('Guide … A Practical Guide')", () => {
    for (const topic of topics) {
      for (const keywords of keywordSets) {
        const title = writeContent({ type: "blog", keywords, topic }).split("\n")[0]!.replace(/^# /, "");
        const words = title
          .toLowerCase()
          .split(/\W+/)
          .filter((word) => word.length > 3);
        expect(new Set(words).size, title).toBe(words.length);
      }
    }
  });
});
