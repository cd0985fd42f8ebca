import { expect, test, type Page } from "./test";
import { eachTestFromItsOwnAddress } from "./demo";
import { axeViolations } from "./axe";

// The voiceover and image screens, with JavaScript on and off: real audio and images of the chosen
// size, served from /media, and the example captions on hover and keyboard focus.

// The first speech request of a fresh Worker loads eSpeak (several MB of code and data): results
// may take seconds to appear on a busy machine.
const resultTimeout = { timeout: 20_000 };
test.describe.configure({ timeout: 60_000 });

eachTestFromItsOwnAddress("198.51.101");

async function closeDemoModal(page: Page, text: string) {
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(text);
  // Wait for the answer before closing: the modal opens as soon as the action starts.
  await expect(page.locator("img[src^='/media/']")).toHaveCount(1, resultTimeout);
  await modal.getByRole("button", { name: "Got it" }).click();
  await expect(modal).toBeHidden();
}

async function expectServedAudio(page: Page) {
  const audio = page.locator("audio");
  await expect(audio).toHaveCount(1, resultTimeout);
  const src = await audio.getAttribute("src");
  expect(src).toMatch(/^\/media\/[0-9a-f]{32}$/);
  const response = await page.request.get(src!);
  expect(response.headers()["content-type"]).toBe("audio/wav");
  const bytes = await response.body();
  expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
  expect(bytes.subarray(8, 12).toString("ascii")).toBe("WAVE");
  await expect(page.getByRole("link", { name: "Download audio" })).toHaveAttribute("href", src!);
  return src!;
}

async function expectImageOfSize(page: Page, name: RegExp, width: number, height: number) {
  const image = page.getByRole("img", { name });
  await expect(image).toBeVisible(resultTimeout);
  await expect(image).toHaveAttribute("width", String(width));
  await expect(image).toHaveAttribute("height", String(height));
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([width, height]);
  const src = await image.getAttribute("src");
  const response = await page.request.get(src!);
  expect(response.headers()["content-type"]).toBe("image/svg+xml");
}

const examplePrompt = "Sunrise over a quiet alpine lake with snow-capped peaks";

test.describe("with JavaScript", () => {
  test("the image generator draws the chosen style at the chosen size without a reload", async ({ page }) => {
    await page.goto("/imagine-ai");
    await expect(page.getByRole("radio", { name: /Realistic/ })).toBeChecked();
    const button = page.getByRole("button", { name: "Generate Image" });
    await expect(button).toBeDisabled();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByText("Hand-drawn style").click();
    await page.getByLabel("Image Size").selectOption("portrait");
    await page.getByLabel("Describe your image").fill("A lighthouse on a windy cliff");
    await expect(page.getByText("29 / 1,000 characters")).toBeVisible();
    await button.click();
    await closeDemoModal(page, "The images below are examples. Sign in to generate your own custom images!");
    await expectImageOfSize(page, /Hand-drawn style image: A lighthouse on a windy cliff/, 1024, 1536);
    await expect(page.getByText(/procedural placeholder/)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test("example captions appear on hover and keyboard focus, and an example fills the form", async ({ page }) => {
    await page.goto("/imagine-ai");
    const gallery = page.getByRole("region", { name: "Example Generations" });
    await expect(gallery.getByRole("img")).toHaveCount(6);
    const captions = gallery.locator("figcaption");
    await expect(captions.first()).toHaveCSS("opacity", "0");
    await gallery.getByRole("link").first().focus();
    await expect(captions.first()).toHaveCSS("opacity", "1");
    await expect(captions.first()).toContainText("Realistic");
    await expect(captions.first()).toContainText(examplePrompt);
    await gallery.getByRole("link").nth(1).hover();
    await expect(captions.nth(1)).toHaveCSS("opacity", "1");
    await expect(captions.nth(1)).toContainText("Abstract");

    await gallery.getByRole("link").first().click();
    await expect(page).toHaveURL(/\?example=alpine-dawn/);
    await expect(page.getByLabel("Describe your image")).toHaveValue(examplePrompt);
    await expect(page.getByRole("radio", { name: /Realistic/ })).toBeChecked();
  });

  test("the voiceover speaks with the chosen voice and sliders into playable audio", async ({ page }) => {
    await page.goto("/voiceover-ai");
    await expect(page.getByRole("radio", { name: /Ava/ })).toBeChecked();
    await page.getByText("Oliver").click();
    await expect(page.getByRole("radio", { name: /Oliver/ })).toBeChecked();
    const speed = page.getByRole("slider", { name: "Speed" });
    await speed.focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
    await expect(speed).toHaveValue("1.3");
    await expect(page.locator("output[for=voiceover-speed]")).toHaveText("1.3×");
    const emotion = page.getByRole("slider", { name: "Emotion" });
    await emotion.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.locator("output[for=voiceover-emotion]")).toHaveText("40%");
    await page.getByLabel("Text to speak").fill("Good morning. Your voiceover is ready.");
    await expect(page.getByText("38 / 4,096 characters")).toBeVisible();
    await page.getByRole("button", { name: "Generate Speech" }).click();

    const modal = page.getByRole("dialog", { name: "Demo Version" });
    await expect(modal).toContainText("Please Signin to get your custom voiceover results!");
    await expectServedAudio(page);
    await expect.poll(() => page.locator("audio").evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(1);
    await expect(speed).toHaveValue("1.3");

    // The modal's button closes it and takes the visitor to the plans (spec §2 tool 4).
    await modal.getByRole("link", { name: "View pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("dialog", { name: "Demo Version" })).toHaveCount(0);
  });

  test("axe finds no violations on either screen with its result and the demo modal shown", async ({ page }) => {
    await page.goto("/imagine-ai");
    await page.getByLabel("Describe your image").fill("A paper boat on a pond");
    await page.getByRole("button", { name: "Generate Image" }).click();
    await expect(page.locator("img[src^='/media/']")).toHaveCount(1, resultTimeout);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/voiceover-ai");
    await page.getByLabel("Text to speak").fill("A short check.");
    await page.getByRole("button", { name: "Generate Speech" }).click();
    await expect(page.locator("audio")).toHaveCount(1, resultTimeout);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the image generator posts, opens the modal and shows the image at the chosen size", async ({ page }) => {
    await page.goto("/imagine-ai");
    await page.getByText("3D rendered style").click();
    await page.getByLabel("Image Size").selectOption("landscape");
    await page.getByLabel("Describe your image").fill("Glossy marbles on a studio floor");
    await page.getByRole("button", { name: "Generate Image" }).click();
    await closeDemoModal(page, "The images below are examples.");
    await expectImageOfSize(page, /3D rendered style image: Glossy marbles on a studio floor/, 1536, 1024);
    await expect(page.getByRole("radio", { name: /3D Render/ })).toBeChecked();
    await expect(page.getByLabel("Image Size")).toHaveValue("landscape");
  });

  test("example captions appear on keyboard focus and an example link fills the form", async ({ page }) => {
    await page.goto("/imagine-ai");
    const gallery = page.getByRole("region", { name: "Example Generations" });
    const link = gallery.getByRole("link").nth(3);
    await link.focus();
    await expect(gallery.locator("figcaption").nth(3)).toHaveCSS("opacity", "1");
    await expect(gallery.locator("figcaption").nth(3)).toContainText("3D Render");
    await link.click();
    await expect(page.getByLabel("Describe your image")).toHaveValue("Glossy spheres and cubes resting on a reflective studio floor");
    await expect(page.getByRole("radio", { name: /3D Render/ })).toBeChecked();
  });

  test("the voiceover posts and plays the WAV; the modal's button leads to the plans", async ({ page }) => {
    await page.goto("/voiceover-ai");
    await page.getByText("Lukas").click();
    await page.getByLabel("Text to speak").fill("Guten Morgen. Wie geht es dir?");
    await page.getByRole("button", { name: "Generate Speech" }).click();
    const modal = page.getByRole("dialog", { name: "Demo Version" });
    await expect(modal).toContainText("Please Signin to get your custom voiceover results!");
    await expectServedAudio(page);
    await expect(page.getByRole("radio", { name: /Lukas/ })).toBeChecked();
    await expect(page.locator("output[for=voiceover-speed]")).toHaveText("1.0×");
    await modal.getByRole("link", { name: "View pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  // Issue 29: 'going Back loses the audio and the typed script'. Without JavaScript the browser's
  // history keeps both, as long as a visitor's pages may be cached (signed-in pages are no-store:
  // their results are in History instead, decision 038).
  test("Back keeps the script and the audio: from the plans to the result, and from the result to the form", async ({ page }) => {
    await page.goto("/voiceover-ai");
    const script = "Guten Morgen. Wie geht es dir?";
    await page.getByText("Lukas").click();
    await page.getByLabel("Text to speak").fill(script);
    await page.getByRole("button", { name: "Generate Speech" }).click();
    const audio = await expectServedAudio(page);
    await page.getByRole("dialog", { name: "Demo Version" }).getByRole("link", { name: "View pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);

    await page.goBack();
    await expect(page.locator("audio")).toHaveAttribute("src", audio);
    await expect(page.getByLabel("Text to speak")).toHaveValue(script);
    await expect(page.getByRole("radio", { name: /Lukas/ })).toBeChecked();

    // One step further back is the form before it was sent, with the script as it was typed.
    await page.goBack();
    await expect(page.locator("audio")).toHaveCount(0);
    await expect(page.getByLabel("Text to speak")).toHaveValue(script);
    await expect(page.getByRole("radio", { name: /Lukas/ })).toBeChecked();
  });

  test("a blank text gets a gentle message and keeps the choices", async ({ page }) => {
    await page.goto("/voiceover-ai");
    await page.getByText("Isla").click();
    await page.getByLabel("Text to speak").fill("   ");
    await page.getByRole("button", { name: "Generate Speech" }).click();
    await expect(page.getByText("Please enter the text to speak.")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Isla/ })).toBeChecked();
  });
});
