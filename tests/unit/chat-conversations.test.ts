import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/server/content/markdown.server";
import { demoActionsLeft, takeDemoAction } from "~/server/limits/demo-window.server";
import { chatAllowanceText } from "~/shared/chat-allowance";
import { sharedTitle, snapshotOf } from "~/shared/shared-conversation";

// The pure parts of a conversation you can work with (docs/decisions/049, 050).

describe("a share's snapshot", () => {
  const document = { kind: "document" as const, name: "brief.pdf", bytes: 52_100, text: "The whole brief." };
  const image = { kind: "image" as const, name: "cat.png", bytes: 9_000 };
  const messages = [
    { id: "1", role: "user" as const, content: "Summarise this", attachments: [document, image] },
    { id: "2", role: "assistant" as const, content: "It says **little**." },
  ];

  it("keeps attachments by name and size only, unless the owner includes the files' text", () => {
    expect(snapshotOf(messages, false)).toEqual([
      {
        id: "1",
        role: "user",
        content: "Summarise this",
        attachments: [
          { kind: "document", name: "brief.pdf", bytes: 52_100 },
          { kind: "image", name: "cat.png", bytes: 9_000 },
        ],
      },
      { id: "2", role: "assistant", content: "It says **little**." },
    ]);
    expect(snapshotOf(messages, true)[0]!.attachments).toEqual([
      { kind: "document", name: "brief.pdf", bytes: 52_100, text: "The whole brief." },
      { kind: "image", name: "cat.png", bytes: 9_000 },
    ]);
  });

  it("drops whatever else a message carries (a reply's HTML is never stored)", () => {
    const carried = [{ id: "3", role: "assistant" as const, content: "Hi", html: "<script>x</script>", stopped: true }];
    expect(snapshotOf(carried, true)).toEqual([{ id: "3", role: "assistant", content: "Hi" }]);
  });

  it("is titled by its first question's first line, cut to 80 characters", () => {
    expect(
      sharedTitle([
        { role: "assistant", content: "Hello" },
        { role: "user", content: "  Plan my\nweek please" },
      ]),
    ).toBe("Plan my");
    expect(sharedTitle([{ role: "user", content: "x".repeat(100) }])).toBe(`${"x".repeat(79)}…`);
    expect(sharedTitle([{ role: "user", content: "   " }])).toBe("Shared conversation");
  });
});

describe("the chat's allowance line", () => {
  it("says what a visitor and a subscriber have left", () => {
    expect(chatAllowanceText({ kind: "demo", left: 1, perDay: 300 })).toBe("Demo: 1 message left today (of 300).");
    expect(chatAllowanceText({ kind: "demo", left: null, perDay: 0 })).toBe("Demo: no daily message limit.");
    expect(chatAllowanceText({ kind: "plan", plan: "Basic", left: 1234, quota: 2000, resetsOn: "December 1, 2026" })).toBe(
      "Basic plan: 1,234 messages left of 2,000 this period (resets on December 1, 2026).",
    );
    expect(chatAllowanceText({ kind: "plan", plan: "Pro", left: null, quota: null, resetsOn: "December 1, 2026" })).toBe(
      "Pro plan: unlimited chat messages.",
    );
  });

  it("reads the demo window without taking from it", () => {
    const limits = { perMinute: 3, perDay: 5 };
    const { counters } = takeDemoAction(undefined, limits, 1_000);
    expect(demoActionsLeft(counters, limits, 2_000)).toEqual({ today: 4, minute: 2 });
    expect(demoActionsLeft(counters, limits, 62_000)).toEqual({ today: 4, minute: 3 });
    // A new UTC day starts afresh.
    expect(demoActionsLeft(counters, limits, 86_400_000 + 5)).toEqual({ today: 5, minute: 3 });
    expect(demoActionsLeft(undefined, { perMinute: 0, perDay: 0 }, 0)).toEqual({ today: null, minute: null });
  });
});

describe("a reply's fenced code", () => {
  it("keeps the language class and escapes the code", () => {
    const html = renderMarkdown('```js\nif (a < b && c) alert("<b>");\n```', { nested: true });
    expect(html).toBe('<pre><code class="language-js">if (a &#x3C; b &#x26;&#x26; c) alert("&#x3C;b>");\n</code></pre>');
  });

  it("drops a class that is not a language", () => {
    const html = renderMarkdown("```js onload=alert(1)\nx\n```");
    expect(html).toBe('<pre><code class="language-js">x\n</code></pre>');
  });
});
