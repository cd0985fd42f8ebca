import { expect, test, type Page } from "./test";
import { eachTestFromItsOwnAddress } from "./demo";

// Written for these tests: about 50 words of assistant-style prose, and a Spanish paragraph.
const fiftyWords =
  "Effective time management is essential for achieving both personal and professional goals. By prioritizing tasks, " +
  "setting clear objectives, and minimizing distractions, individuals can significantly enhance their productivity. " +
  "Moreover, leveraging digital tools such as calendars and task managers can streamline daily routines. Ultimately, " +
  "mastering time management fosters a healthier work-life balance.";
const spanish =
  "Ayer fuimos a la playa con mis amigos y comimos paella en un restaurante muy bonito cerca del puerto. " +
  "Después caminamos por el paseo marítimo hasta que se hizo de noche y volvimos a casa cansados pero felices.";

eachTestFromItsOwnAddress("198.51.100");

async function analyze(page: Page, text: string) {
  await page.goto("/ai-detector");
  await page.getByLabel("Text to analyze").fill(text);
  await page.getByRole("button", { name: "Analyze Text" }).click();
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  await modal.getByRole("button", { name: "Got it" }).click();
  await expect(modal).toBeHidden();
}

test("a 50-word text gets a verdict, a probability with its likely range and a note that short texts are harder", async ({ page }) => {
  await analyze(page, fiftyWords);
  await expect(page.getByRole("img", { name: /AI probability \d+%/ })).toBeVisible();
  await expect(page.getByText(/^(Likely AI-written|Mixed: no confident call|Likely human-written)$/)).toBeVisible();
  await expect(page.getByText(/^Likely range \d+–\d+%$/)).toBeVisible();
  await expect(
    page.getByText(/Short texts are harder to judge: at \d+ words the score could fairly be anywhere from \d+% to \d+%/),
  ).toBeVisible();
  await expect(page.getByText("Too short for a reliable verdict")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Sentence by sentence" })).toBeVisible();
});

test("text in another language gets 'English only for now' and no number", async ({ page }) => {
  await analyze(page, spanish);
  await expect(
    page.getByText("English only for now: the detector is trained on English text and gives no score for other languages."),
  ).toBeVisible();
  await expect(page.getByText(/AI Probability: not scored \(English only for now\)/)).toBeVisible();
  await expect(page.getByText(/This text looks like Spanish/)).toBeVisible();
  await expect(page.getByRole("img", { name: /AI probability/ })).toHaveCount(0);
});
