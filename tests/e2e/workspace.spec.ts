import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./test";
import { sentMailTo } from "../support/local-mail.mjs";
import { buyProByCard } from "./checkout";

// The workspace end to end (issue 23): a subscriber uses two tools, finds both in their history,
// searches it, runs one again, exports their data, deletes their account, and finds nothing when
// they sign in again.

// Over the ~80 words the trained detector needs before it gives a verdict.
const detectorText = Array.from(
  { length: 3 },
  () =>
    "Furthermore, it is important to note that the zeppelin industry plays a crucial role in modern logistics. " +
    "Moreover, leveraging innovative airship strategies can unlock new opportunities for sustainable growth.",
).join(" ");

async function signInAgain(page: Page, email: string) {
  const before = (await sentMailTo(email)).length;
  await page.goto("/sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await expect.poll(async () => (await sentMailTo(email)).length).toBeGreaterThan(before);
  await page.goto((await sentMailTo(email)).at(-1)!.link!);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a subscriber finds, searches and reruns their results, exports them, deletes the account, and signing in again finds nothing", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = await buyProByCard(page);

  await page.goto("/ai-detector");
  await page.getByLabel("Text to analyze").fill(detectorText);
  await page.getByRole("button", { name: "Analyze Text" }).click();
  await expect(page.getByText(/AI Probability: \d+%/)).toBeVisible();

  await page.goto("/ai-writer");
  await page.getByLabel("What would you like to write about?").fill("Caring for a bonsai tree in winter");
  await page.getByRole("button", { name: "Generate Content" }).click();
  await expect(page.getByRole("heading", { name: "Generated Content" })).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("History");
  const items = page.getByRole("main").getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("Caring for a bonsai tree in winter");
  await expect(items.nth(0)).toContainText("AI Writer");
  await expect(items.nth(1)).toContainText("AI Detector");

  await page.getByLabel("Search your history").fill("zeppelin");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/q=zeppelin/);
  await expect(items).toHaveCount(1);
  await items.first().getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Result" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/AI Probability: \d+%/);

  await page.getByRole("button", { name: "Run again in AI Detector" }).click();
  await expect(page).toHaveURL(/\/ai-detector$/);
  await expect(page.getByLabel("Text to analyze")).toHaveValue(detectorText);
  await expect(page.getByText(/AI Probability: \d+%/)).toBeVisible();

  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Export my data" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your data export");
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("link", { name: "Download my data" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contentforge-export-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported.account.email).toBe(email);
  expect(exported.history.map((item: { tool: string }) => item.tool)).toEqual(["detector", "writer", "detector"]);

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Delete my account" }).click();
  await page.getByLabel(/Type your email address/).fill(email);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is deleted");
  await expect(page.getByRole("main")).toContainText("Your subscription will not renew");

  await signInAgain(page, email);
  await page.goto("/history");
  await expect(page.getByRole("main")).toContainText("Nothing here yet.");
});
