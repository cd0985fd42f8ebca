import { describe, expect, test } from "vitest";
import { attachmentDetails, formatBytes, readAttachmentRef } from "~/forms/chat-attachments";
import { chatForm } from "~/forms/chat-form";
import { carriedHistory, readHistoryField } from "~/forms/chat-history";
import { describeChatFiles, imageSize } from "~/server/ai/offline/chat-files.server";
import { landscapePng } from "../support/rgb-png.mjs";

// Files on chat messages, the parts that need no Worker: what a carried file may look like, what the
// chips say, and the offline engine's account of what it received.

const id = "0123456789abcdef0123456789abcdef";
const document = { id, kind: "document", name: "plan.pdf", bytes: 48_213, words: 1_204, pages: 3 } as const;
const image = { id, kind: "image", name: "chart.png", bytes: 900, mediaType: "image/png", width: 240, height: 160 } as const;
const dataUrl = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

describe("carried files", () => {
  test("a ref is its id (128 bits, hex), name, size and what kind of file it was; anything else is dropped", () => {
    expect(readAttachmentRef(document)).toEqual(document);
    expect(readAttachmentRef(image)).toEqual(image);
    expect(readAttachmentRef({ ...document, id: "../../media/x" })).toBeUndefined();
    expect(readAttachmentRef({ ...document, words: -1 })).toBeUndefined();
    expect(readAttachmentRef({ ...image, mediaType: "image/svg+xml" })).toBeUndefined();
    expect(readAttachmentRef({ ...document, kind: "video" })).toBeUndefined();
  });

  test("the history keeps a message's files, and a malformed one is refused by the schema", () => {
    const history = [{ id: "1795000000000", role: "user" as const, content: "Read this", attachments: [document] }];
    expect(carriedHistory(history)).toEqual(history);
    expect(readHistoryField(JSON.stringify([{ ...history[0], attachments: [document, { id: "nope" }] }]))).toEqual(history);
    const fields = { message: "Next", assistant: "general", tone: "friendly" };
    expect(chatForm.safeParse({ ...fields, history: JSON.stringify(history) }).data?.history[0]?.attachments).toEqual([document]);
    const bad = chatForm.safeParse({ ...fields, history: JSON.stringify([{ ...history[0], attachments: [{ id }] }]) });
    expect(bad.error?.issues[0]?.message).toMatch(/^The files of this conversation could not be read/);
  });

  test("chips say the size, pages and words, or the pixels", () => {
    expect(formatBytes(900)).toBe("900 B");
    expect(formatBytes(48_213)).toBe("47 KB");
    expect(formatBytes(3_500_000)).toBe("3.3 MB");
    expect(attachmentDetails(document)).toBe("47 KB, 3 pages, 1,204 words");
    expect(attachmentDetails(image)).toBe("900 B, 240 × 160");
  });
});

describe("the offline engine's account of the files", () => {
  test("a document: name, size, pages, words and its first words, and that it cannot read it", () => {
    const text = "The plan has three parts. ".repeat(20);
    const said = describeChatFiles([{ kind: "document", name: "plan*.pdf", bytes: 48_213, text, words: 100, pages: 3 }]);
    expect(said).toContain("cannot read or understand what is in it");
    expect(said).toMatch(/^- \*\*plan\.pdf\*\*: 47 KB, 3 pages, 100 words\. It begins: “The plan has three parts\. The plan .*…”$/m);
  });

  test("an image: its type, size and pixels, read from the data URL's first bytes", () => {
    const png = new Uint8Array(landscapePng(240, 160));
    expect(imageSize(dataUrl(png, "image/png"))).toEqual({ width: 240, height: 160 });
    // A JPEG's size is in its frame header, after the segments before it.
    const jpeg = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 120, 1, 64, 3, 1, 0x22, 0);
    expect(imageSize(dataUrl(jpeg, "image/jpeg"))).toEqual({ width: 320, height: 120 });
    expect(
      describeChatFiles([
        { kind: "image", name: "chart.png", bytes: png.length, mediaType: "image/png", dataUrl: dataUrl(png, "image/png") },
      ]),
    ).toContain(`- **chart.png**: PNG image, ${png.length} B, 240 × 160 pixels. The offline engine cannot see images.`);
  });

  test("a message without files names the ones the conversation still carries", () => {
    expect(describeChatFiles([], [{ kind: "document", name: "plan.pdf", bytes: 1, text: "x", words: 1 }])).toBe(
      "Earlier in this conversation you attached **plan.pdf**. The offline demo engine still receives it with every message, but it cannot read or understand it.",
    );
    expect(describeChatFiles([])).toBe("");
  });
});
