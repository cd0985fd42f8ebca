import { expect, type Page } from "./test";

// What the specs that upload files share: a fixture as Playwright's setInputFiles takes it, and the
// demo modal a visitor's first answer opens.

export const asUpload = ({ name, type, bytes }: { name: string; type: string; bytes: Uint8Array }) => ({
  name,
  mimeType: type,
  buffer: Buffer.from(bytes),
});

export async function closeDemoModal(page: Page) {
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  await modal.getByRole("button", { name: "Got it" }).click();
  await expect(modal).toBeHidden();
}
