import { scannedPdf, textPdf } from "../support/document-fixtures";
import { landscapePng } from "../support/rgb-png.mjs";
import { describeWithJavaScriptOnAndOff, expect, test, type Page } from "./test";
import { closeDemoModal, eachTestFromItsOwnAddress } from "./demo";
import { asUpload } from "./uploads";

// Files on chat messages as a person attaches them, with JavaScript on and off: choose a PDF, ask
// about it, get the offline engine's honest answer naming it, ask a follow-up; a bad file refused
// beside the field with the message kept. With JavaScript also drop and paste, and a reload.

eachTestFromItsOwnAddress("198.51.100");

/** The conversation's messages (each holds its own list of files). */
const messages = (page: Page) => page.getByRole("list", { name: "Messages" }).locator(":scope > li");

describeWithJavaScriptOnAndOff("chat files", () => {
  test("a PDF attached to a question is named in the answer, and a follow-up still has it", async ({ page }) => {
    await page.goto("/conversational-ai");
    await page.getByLabel("Attach files").setInputFiles(asUpload(textPdf({ pages: 2, name: "quarterly.pdf" })));
    await page.getByPlaceholder("Type your message...").fill("What are the risks in this report?");
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    const reply = messages(page).nth(1);
    await expect(reply).toContainText(
      "You attached one file. The offline demo engine received it, but it cannot read or understand what is in it",
    );
    await expect(reply).toContainText(/quarterly\.pdf: [\d.]+ KB, 2 pages, [\d,]+ words\. It begins: “/);
    // The question shows its file as a chip.
    await expect(messages(page).first().getByRole("list", { name: "Attached files" })).toContainText(
      /quarterly\.pdf\s*[\d.]+ KB, 2 pages, [\d,]+ words/,
    );

    await page.getByPlaceholder("Type your message...").fill("And what should we do first?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(messages(page).nth(3)).toContainText(
      "Earlier in this conversation you attached quarterly.pdf. The offline demo engine still receives it with every message",
    );
  });

  test("a scanned PDF is refused beside the file field and the typed message stays", async ({ page }) => {
    await page.goto("/conversational-ai");
    await page.getByPlaceholder("Type your message...").fill("Can you read my scan?");
    await page.getByLabel("Attach files").setInputFiles(asUpload(scannedPdf(1)));
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText(/^This PDF has no text to read: it looks scanned/)).toBeVisible();
    await expect(page.getByPlaceholder("Type your message...")).toHaveValue("Can you read my scan?");
    await expect(page.getByText("This is a simulated response")).toHaveCount(0);
  });
});

test.describe("chat files with JavaScript", () => {
  test("a file dropped on the composer and an image pasted into the message box are sent, and survive a reload", async ({ page }) => {
    await page.goto("/conversational-ai");
    await expect(page.getByText("Drop or paste files here")).toBeVisible();
    const message = page.getByPlaceholder("Type your message...");

    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["alpha beta gamma delta"], "dropped-notes.txt", { type: "text/plain" }));
      return transfer;
    });
    await message.dispatchEvent("drop", { dataTransfer: dropped });
    const png = Array.from(landscapePng(120, 80));
    await message.evaluate((box, bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "pasted.png", { type: "image/png" }));
      box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, png);

    const chosen = page.getByRole("list", { name: "Files to send" });
    await expect(chosen.getByRole("listitem")).toHaveCount(2);
    await expect(chosen).toContainText("dropped-notes.txt");
    await expect(chosen).toContainText("pasted.png");
    // Remove takes one back out.
    await chosen.getByRole("button", { name: "Remove dropped-notes.txt" }).click();
    await expect(chosen.getByRole("listitem")).toHaveCount(1);
    await message.evaluate((box) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["alpha beta gamma delta"], "dropped-notes.txt", { type: "text/plain" }));
      box.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    await expect(chosen.getByRole("listitem")).toHaveCount(2);

    await message.fill("What are these?");
    await message.press("Enter");
    await closeDemoModal(page);
    const reply = messages(page).nth(1);
    await expect(reply).toContainText("You attached 2 files.");
    await expect(reply).toContainText("pasted.png: PNG image");
    await expect(reply).toContainText("120 × 80 pixels. The offline engine cannot see images.");
    await expect(reply).toContainText("dropped-notes.txt: 22 B, 4 words. It begins: “alpha beta gamma delta”");
    // Sent: the composer is empty again, and the question carries its chips (names and sizes only).
    await expect(chosen).toHaveCount(0);
    expect(await page.getByLabel("Attach files").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

    await page.reload();
    const question = messages(page).first();
    await expect(question.getByRole("list", { name: "Attached files" })).toContainText("pasted.png");
    await expect(question.getByRole("list", { name: "Attached files" })).toContainText("dropped-notes.txt");
    // The tab keeps what the files were, never their bytes or text.
    const kept = JSON.parse(await page.evaluate(() => sessionStorage.getItem("conversational-ai") ?? "[]"));
    expect(kept[0].attachments.map((file: Record<string, unknown>) => Object.keys(file).sort())).toEqual([
      ["bytes", "height", "id", "kind", "mediaType", "name", "width"],
      ["bytes", "id", "kind", "name", "words"],
    ]);
  });
});
