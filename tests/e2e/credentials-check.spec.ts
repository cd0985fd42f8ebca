import { landscapePng } from "../support/rgb-png.mjs";
import { pngWithXmp, xmpPacket } from "../support/xmp-fixtures";
import { axeViolations } from "./axe";
import { eachTestFromItsOwnAddress } from "./demo";
import { describeWithJavaScriptOnAndOff, expect, test } from "./test";
import { asUpload } from "./uploads";

// The detector page's 'Check Content Credentials' form as a person uses it, with JavaScript on and
// off: choose an image, read the report; a file it cannot check is refused beside the field.

eachTestFromItsOwnAddress("198.51.100");

describeWithJavaScriptOnAndOff("the credentials check", (javaScriptEnabled) => {
  test("an image with an XMP AI label and no manifest: the report says both, and the page is axe-clean", async ({ page }) => {
    await page.goto("/ai-detector");
    const section = page.getByRole("region", { name: "Check Content Credentials" });
    const png = await pngWithXmp(landscapePng(64, 48), xmpPacket("trainedAlgorithmicMedia"));
    await section
      .getByLabel("A PNG, JPEG or WebP image, or a PDF, of up to 10 MB")
      .setInputFiles(asUpload({ name: "poster.png", type: "image/png", bytes: png }));
    await section.getByRole("button", { name: "Check credentials" }).click();
    await expect(page).toHaveURL(/\/ai-detector\/credentials$/);
    const report = page.getByRole("region", { name: "Content Credentials report" });
    await expect(report.getByText("No Content Credentials were found in this file.")).toBeVisible();
    await expect(report.getByText(/^No Content Credentials is not evidence of human origin/)).toBeVisible();
    await expect(report.getByText("Digital source type: made by an AI model (trainedAlgorithmicMedia)")).toBeVisible();
    // axe runs as a script in the page, which a browser without JavaScript does not run: checked with it on.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
  });

  test("a file that is not an image or a PDF is refused beside the field", async ({ page }) => {
    await page.goto("/ai-detector");
    const section = page.getByRole("region", { name: "Check Content Credentials" });
    await section
      .getByLabel("A PNG, JPEG or WebP image, or a PDF, of up to 10 MB")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just some notes") });
    await section.getByRole("button", { name: "Check credentials" }).click();
    const field = page.getByLabel("A PNG, JPEG or WebP image, or a PDF, of up to 10 MB");
    await expect(page.getByRole("alert").filter({ hasText: "This file is plain text" })).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("region", { name: "Content Credentials report" })).toHaveCount(0);
    // axe runs as a script in the page, which a browser without JavaScript does not run: checked with it on.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
  });
});
