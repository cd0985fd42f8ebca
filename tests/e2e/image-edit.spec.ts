import { expect, test, type Page } from "./test";
import { eachTestFromItsOwnAddress } from "./demo";
import { axeViolations } from "./axe";
import { landscapePng } from "../support/rgb-png.mjs";
import { holdScripts, waitForHydration } from "./hydration";

// Edit mode of /imagine-ai in chromium, with JavaScript (paint a stroke over the sky) and without
// (the whole image): upload, edit, see the result beside the original, download it.

test.describe.configure({ timeout: 60_000 });

eachTestFromItsOwnAddress("198.51.102");

async function chooseEditAndUpload(page: Page) {
  await page.goto("/imagine-ai");
  await page.getByText("Edit", { exact: true }).click();
  await page.getByLabel("Image to edit").setInputFiles({ name: "meadow.png", mimeType: "image/png", buffer: landscapePng() });
}

/** Uploads in edit mode and scrolls to the mask canvas: where it is, to paint on. */
async function uploadAndShowMaskCanvas(page: Page) {
  await chooseEditAndUpload(page);
  const canvas = page.getByTestId("mask-canvas");
  await expect(canvas).toBeVisible();
  await canvas.scrollIntoViewIfNeeded();
  return (await canvas.boundingBox())!;
}

/** The edited result; with JavaScript a landscape upload makes a landscape output by default (1536 × 1024). */
async function expectEditedResult(page: Page, [width, height]: [number, number] = [1024, 1024]) {
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  const edited = page.getByRole("img", { name: /^Edited image: warmer and brighter/ });
  await expect(edited).toBeVisible({ timeout: 20_000 });
  await expect(modal).toContainText("Sign in to edit your own images!");
  await modal.getByRole("button", { name: "Got it" }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole("img", { name: "The original image" })).toBeVisible();
  await expect(edited).toHaveAttribute("width", String(width));
  await expect(page.getByText("Understood: warmer, brighter.")).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download (PNG, ${width} × ${height})`, exact: true }).click();
  expect((await download).suggestedFilename()).toBe("edited-image.png");
  await expect(page.getByRole("link", { name: "Edit again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start over" })).toHaveAttribute("href", "/imagine-ai?mode=edit");
}

test.describe("with JavaScript", () => {
  test("upload, paint a stroke over the sky, edit: only the painted area changes", async ({ page }) => {
    const box = await uploadAndShowMaskCanvas(page);
    await page.mouse.move(box.x + 5, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.2, { steps: 5 });
    await page.mouse.move(box.x + box.width - 5, box.y + box.height * 0.2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByText("1 stroke painted: only that area changes.")).toBeVisible();

    await page.getByLabel("Describe the change").fill("warmer and brighter");
    await page.getByRole("button", { name: "Edit Image" }).click();
    await expectEditedResult(page, [1536, 1024]);
    await expect(page.getByText(/applied warmer, brighter in the painted area/)).toBeVisible();

    expect(await axeViolations(page)).toEqual([]);
  });

  test("undo and clear take strokes back", async ({ page }) => {
    const box = await uploadAndShowMaskCanvas(page);
    for (const y of [0.2, 0.4]) {
      await page.mouse.move(box.x + 10, box.y + box.height * y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 10, box.y + box.height * y, { steps: 4 });
      await page.mouse.up();
    }
    await expect(page.getByText("2 strokes painted")).toBeVisible();
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("1 stroke painted")).toBeVisible();
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByText(/leave it unpainted to edit the whole image/)).toBeVisible();
  });
});

/**
 * Submits with `submit` while the action's answer is held back, closes the demo modal meanwhile,
 * then lets the answer through. Returns the modal.
 */
async function submitAndCloseModalWhileBusy(page: Page, submit: () => Promise<void>) {
  const release = await holdActions(page);
  await submit();
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "Got it" }).click();
  await expect(modal).toBeHidden();
  release();
  return modal;
}

/** Holds every action (a POST for route data) back until `release` is called. */
async function holdActions(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      if (route.request().method() === "POST") await released;
      await route.continue();
    },
  );
  return release;
}

test("a file chosen and a slider moved before the scripts ran are kept once they run", async ({ page }) => {
  let release = await holdScripts(page);
  await page.goto("/imagine-ai?mode=edit", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Image to edit").setInputFiles({ name: "meadow.png", mimeType: "image/png", buffer: landscapePng() });
  await release();
  await waitForHydration(page);
  await expect(page.getByTestId("mask-canvas")).toBeVisible();
  await expect(page.getByText("Replace the image (optional)")).toBeVisible();

  release = await holdScripts(page);
  await page.goto("/voiceover-ai", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Speed").fill("1.5");
  await release();
  await waitForHydration(page);
  await expect(page.getByLabel("Speed")).toHaveValue("1.5");
  await expect(page.locator("output[for='voiceover-speed']")).toHaveText("1.5×");
});

test.describe("the demo modal closed while an action runs stays closed when its answer arrives", () => {
  test("editing an image the page started from (?source=)", async ({ page }) => {
    await chooseEditAndUpload(page);
    await page.getByLabel("Describe the change").fill("warmer and brighter");
    await page.getByRole("button", { name: "Edit Image" }).click();
    await expectEditedResult(page, [1536, 1024]);
    await page.getByRole("link", { name: "Edit again" }).click();
    await expect(page).toHaveURL(/\?mode=edit&source=[0-9a-f]{32}$/);
    await expect(page.getByRole("img", { name: /The image to edit/ })).toBeVisible();
    await waitForHydration(page);

    await page.getByLabel("Describe the change").fill("cooler and darker");
    // The modal shows once per tool per visit: forget the visit's first (this tab's record, and the
    // cookie pages without JavaScript use), so this action opens it again.
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies({ name: "demo-seen" });
    const modal = await submitAndCloseModalWhileBusy(page, () => page.getByRole("button", { name: "Edit Image" }).click());
    await expect(page.getByRole("img", { name: /^Edited image: cooler and darker/ })).toBeVisible({ timeout: 20_000 });
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\?mode=edit&source=[0-9a-f]{32}$/);
    await expect(page.getByLabel("Describe the change")).toHaveValue("cooler and darker");
  });

  test("generating from an example (?example=)", async ({ page }) => {
    await page.goto("/imagine-ai");
    await waitForHydration(page);
    await page.getByRole("region", { name: "Example Generations" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\?example=alpine-dawn/);

    const modal = await submitAndCloseModalWhileBusy(page, () => page.getByRole("button", { name: "Generate Image" }).click());
    await expect(page.locator("img[src^='/media/']")).toHaveCount(1, { timeout: 20_000 });
    await expect(modal).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the modes switch and keep their input; an upload is edited whole", async ({ page }) => {
    await page.goto("/imagine-ai");
    await page.getByLabel("Describe your image").fill("a lighthouse");
    await page.getByText("Edit", { exact: true }).click();
    await expect(page.getByLabel("Describe your image")).toBeHidden();
    await page.getByLabel("Image to edit").setInputFiles({ name: "meadow.png", mimeType: "image/png", buffer: landscapePng() });
    await page.getByLabel("Describe the change").fill("warmer and brighter");
    await page.getByText("Generate", { exact: true }).click();
    await expect(page.getByLabel("Describe your image")).toHaveValue("a lighthouse");
    await page.getByText("Edit", { exact: true }).click();
    await expect(page.getByLabel("Describe the change")).toHaveValue("warmer and brighter");

    await page.getByRole("button", { name: "Edit Image" }).click();
    await expectEditedResult(page);
    await expect(page.getByText(/applied warmer, brighter to the whole image/)).toBeVisible();
  });

  test("an empty prompt is sent back with the message, and asks for the image again (nothing is stored for a refused form)", async ({
    page,
  }) => {
    await page.goto("/imagine-ai?mode=edit");
    await page.getByLabel("Image to edit").setInputFiles({ name: "meadow.png", mimeType: "image/png", buffer: landscapePng() });
    await page.getByLabel("Describe the change").fill("   "); // blank: past the browser's own check, refused by the server
    await page.getByRole("button", { name: "Edit Image" }).click();
    await expect(page.getByText("Please describe the change.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Choose the image again: an upload is kept only once the whole form is complete.")).toBeVisible();

    await page.getByLabel("Image to edit").setInputFiles({ name: "meadow.png", mimeType: "image/png", buffer: landscapePng() });
    await page.getByLabel("Describe the change").fill("warmer and brighter");
    await page.getByRole("button", { name: "Edit Image" }).click();
    await expectEditedResult(page);
  });

  test("a photo over 10 MB comes back as the form, the message beside the file field and the rest as filled in", async ({ page }) => {
    await page.goto("/imagine-ai?mode=edit");
    const huge = Buffer.alloc(11 * 1024 * 1024);
    huge.set(landscapePng());
    await page.getByLabel("Image to edit").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: huge });
    await page.getByLabel("Describe the change").fill("warmer and brighter");
    await page.getByLabel("Output size").selectOption("portrait");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Edit Image" }).click();
    expect((await answer).status()).toBe(413);
    await expect(page.locator("#imagine-edit-image-error")).toHaveText("The image is too large: the limit is 10 MB.");
    await expect(page.getByLabel("Image to edit")).toHaveAttribute("aria-describedby", /imagine-edit-image-error/);
    await expect(page.getByLabel("Describe the change")).toHaveValue("warmer and brighter");
    await expect(page.getByLabel("Output size")).toHaveValue("portrait");

    // The same connection still answers: the refused body was read to its end (decision 019).
    await page.getByLabel("Image to edit").setInputFiles({ name: "meadow.png", mimeType: "image/png", buffer: landscapePng() });
    await page.getByRole("button", { name: "Edit Image" }).click();
    await expectEditedResult(page, [1024, 1536]);
  });
});
