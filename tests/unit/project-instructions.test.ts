import { describe, expect, test } from "vitest";
import { offlineChatReply } from "~/server/ai/offline/chat.server";
import { requiredOpening } from "~/server/ai/offline/project-instructions.server";
import type { ChatProject } from "~/shared/ai-types";

// The offline engine's one followed project instruction (docs/decisions/071): "Start every reply
// with <word>" puts the word first; the reply names the project and its files; anything else is
// said to be received, never pretended to be followed.

const project = (instructions: string, files: ChatProject["files"] = []): ChatProject => ({ name: "Harbour", instructions, files });

describe("the offline engine in a project", () => {
  test.each([
    ["Start every reply with Ahoy.", "Ahoy"],
    ["Please begin each answer with the word “Bonjour” and be brief", "Bonjour"],
    ['start all responses with "Howdy"', "Howdy"],
    ["Begin your reply with Salut-là!", "Salut-là"],
  ])("finds the opening word in %j", (instructions, word) => {
    expect(requiredOpening(instructions)).toBe(word);
  });

  test("asks for no opening word without that instruction", () => {
    expect(requiredOpening("Be brief. Use British spelling.")).toBeUndefined();
  });

  test("starts the reply with the word and names the project and its files before the offline notice", () => {
    const reply = offlineChatReply(
      "Where is the light?",
      [],
      [],
      project("Start every reply with Ahoy.", [{ kind: "document", name: "ledger.txt", bytes: 12, text: "A ledger.", words: 2 }]),
    );
    expect(reply).toMatch(/^Ahoy This is a simulated response to: "Where is the light\?"/);
    expect(reply).toContain("In the project **Harbour**: the offline demo engine received its instructions and its file (**ledger.txt**).");
    expect(reply).toMatch(/_Offline demo engine: no language model was called\._$/);
  });

  test("says which instructions it cannot follow rather than pretending", () => {
    const reply = offlineChatReply("Hi", [], [], project("Answer like a pirate."));
    expect(reply).toMatch(/^This is a simulated response/);
    expect(reply).toContain("cannot follow free-form instructions");
    expect(offlineChatReply("Hi")).not.toContain("project");
  });
});
