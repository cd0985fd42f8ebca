import { describe, expect, test } from "vitest";
import { chatForm } from "~/forms/chat-form";
import { voiceoverForm } from "~/forms/media-forms";
import { writerForm } from "~/forms/tool-forms";

// The developer API's JSON goes through the web forms' own schemas as it is, not flattened into the
// strings a form would carry: the schema reads either, with the same messages.
describe("JSON bodies through the forms' schemas", () => {
  test("numbers become the slider text the form would send, and are checked against the same range", () => {
    expect(voiceoverForm.parse({ text: "Hi", voice: "ava", speed: 1.2, pitch: 1, emotion: 0.5 })).toEqual({
      text: "Hi",
      voice: "ava",
      speed: 1.2,
      pitch: 1,
      emotion: 0.5,
    });
    const refused = voiceoverForm.safeParse({ text: "Hi", voice: "ava", speed: 9 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Speed must be a number from/);
  });

  test("a form's slider text and a JSON number are the same value", () => {
    const form = voiceoverForm.parse({ text: "Hi", voice: "ava", speed: "1.2", pitch: "1", emotion: "0.5" });
    expect(form).toEqual(voiceoverForm.parse({ text: "Hi", voice: "ava", speed: 1.2, pitch: 1, emotion: 0.5 }));
  });

  test("a chat history is an array in JSON and its JSON text in a form, and messages without ids get fresh ones", () => {
    const parsed = chatForm.parse({
      message: "Next",
      assistant: "general",
      tone: "friendly",
      history: [
        { role: "user", content: "Hi" },
        { id: "5", role: "assistant", content: "Hello" },
      ],
    });
    expect(parsed.history).toEqual([
      { id: expect.stringMatching(/^\d+$/), role: "user", content: "Hi" },
      { id: "5", role: "assistant", content: "Hello" },
    ]);
    const asText = chatForm.parse({
      message: "Next",
      assistant: "general",
      tone: "friendly",
      history: '[{"id":"5","role":"assistant","content":"Hello"}]',
    });
    expect(asText.history).toEqual([{ id: "5", role: "assistant", content: "Hello" }]);
  });

  test("web search is a JSON boolean, or the form's checkbox", () => {
    const base = { message: "Next", assistant: "general", tone: "friendly" };
    expect(chatForm.parse({ ...base, web_search: true }).web_search).toBe(true);
    expect(chatForm.parse({ ...base, web_search: "on" }).web_search).toBe(true);
    expect(chatForm.parse({ ...base, web_search: false }).web_search).toBe(false);
    expect(chatForm.safeParse({ ...base, web_search: 1 }).error?.issues[0]?.message).toBe("web_search must be true or false.");
  });

  test("another JSON value where text belongs is refused as such, and blank text gets the form's message", () => {
    expect(writerForm.safeParse({ type: "blog", text: { nested: true } }).error?.issues[0]?.message).toBe(
      "The topic to write about must be text.",
    );
    expect(writerForm.safeParse({ type: "blog" }).error?.issues[0]?.message).toBe("Please enter the topic to write about.");
    const blank = writerForm.safeParse({ type: "blog", text: "  " });
    expect(blank.error?.issues[0]?.message).toBe("Please enter the topic to write about.");
  });
});
