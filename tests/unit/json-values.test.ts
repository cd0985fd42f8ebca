import { describe, expect, test } from "vitest";
import { chatForm } from "~/forms/chat-form";
import { jsonToFormValues } from "~/forms/json-values";
import { voiceoverForm } from "~/forms/media-forms";
import { writerForm } from "~/forms/tool-forms";

// The developer API's JSON goes through the web forms' own schemas: jsonToFormValues turns it into
// the strings a form would carry, and the schema decides the rest, with the same messages.
describe("JSON bodies through the forms' schemas", () => {
  test("numbers become the slider text the form would send, and are checked against the same range", () => {
    expect(voiceoverForm.parse(jsonToFormValues({ text: "Hi", voice: "ava", speed: 1.2, pitch: 1, emotion: 0.5 }))).toEqual({
      text: "Hi",
      voice: "ava",
      speed: 1.2,
      pitch: 1,
      emotion: 0.5,
    });
    const refused = voiceoverForm.safeParse(jsonToFormValues({ text: "Hi", voice: "ava", speed: 9 }));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Speed must be a number from/);
  });

  test("null means absent: the writer's keywords default to none", () => {
    expect(writerForm.parse(jsonToFormValues({ type: "blog", text: "Topic", keywords: null }))).toEqual({
      type: "blog",
      text: "Topic",
      keywords: "",
    });
  });

  test("a chat history array travels as the form's JSON, and messages without ids get fresh ones", () => {
    const parsed = chatForm.parse(
      jsonToFormValues({
        message: "Next",
        assistant: "general",
        tone: "friendly",
        history: [
          { role: "user", content: "Hi" },
          { id: "5", role: "assistant", content: "Hello" },
        ],
      }),
    );
    expect(parsed.history).toEqual([
      { id: expect.stringMatching(/^\d+$/), role: "user", content: "Hi" },
      { id: "5", role: "assistant", content: "Hello" },
    ]);
  });

  test("any JSON value is text to the form (an object arrives as its JSON), and blank text gets the form's message", () => {
    expect(writerForm.parse(jsonToFormValues({ type: "blog", text: { nested: true } })).text).toBe('{"nested":true}');
    const blank = writerForm.safeParse(jsonToFormValues({ type: "blog", text: "  " }));
    expect(blank.error?.issues[0]?.message).toBe("Please enter the topic to write about.");
  });
});
