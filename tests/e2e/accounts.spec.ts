import { describeWithJavaScriptOnAndOff, type Browser, expect, type Page, test } from "./test";
import { axeViolations } from "./axe";
import { sentMailTo } from "../support/local-mail.mjs";
import { buyProByCard, expectProDashboard } from "./checkout";

// Accounts end to end (issue 18): a subscriber signs in again on a browser that has no cookie,
// with the link from the mail the local runtime wrote (wrangler dev's send_email binding writes
// each message to a file under $TMPDIR/miniflare-*/files/ and logs the path: docs/operations.md, 'Mail').

/** The sign-in link of the newest mail to the address, once the runtime has written it. */
async function newestLinkTo(email: string, mailsBefore: number): Promise<string> {
  await expect.poll(async () => (await sentMailTo(email)).length, { message: `a sign-in mail to ${email}` }).toBeGreaterThan(mailsBefore);
  const mails = await sentMailTo(email);
  const link = mails.at(-1)!.link;
  expect(link).toMatch(/\/sign-in\/confirm\?token=[\w-]{43}$/);
  return link!;
}

/** From the navbar's 'Sign in' to the dashboard, through the emailed link and its confirm button. */
async function signInByMail(page: Page, email: string) {
  const mailsBefore = (await sentMailTo(email)).length;
  await page.goto("/pricing");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await expect(page.getByRole("main")).toContainText(`We sent a sign-in link to ${email}`);

  await page.goto(await newestLinkTo(email, mailsBefore));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to ContentForge AI");
  await expect(page.getByRole("main")).toContainText(`Sign in as ${email} on this device.`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("main")).toContainText(email);
}

async function newBrowser(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

describeWithJavaScriptOnAndOff("accounts", (javaScriptEnabled) => {
  test("subscribe, clear cookies, sign in again with the checkout email by the mailed link, see the plan, sign out", async ({
    page,
    context,
  }) => {
    // A checkout, a mailed link and four pages: 27-32 s on a busy two-core machine (fresh-clone runs, 2026-11-29).
    test.setTimeout(60_000);
    const email = await buyProByCard(page);
    await context.clearCookies();
    await page.goto("/dashboard");
    await expect(page.getByRole("main")).toContainText("Sign in to see your plan");

    await signInByMail(page, email);
    await expectProDashboard(page);
    const session = (await context.cookies()).find((cookie) => cookie.name === "__Host-session");
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    // The navbar shows the account on every page.
    await page.goto("/pricing");
    await expect(page.getByRole("navigation", { name: "Main" })).toContainText(email);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expectProDashboard(page);

    // A prerendered page is the same for everyone: its navbar says 'Sign in'. With JavaScript the
    // signed-in hint cookie turns that into 'Dashboard'; without, 'Sign in' leads to the dashboard.
    const hint = (await context.cookies()).find((cookie) => cookie.name === "signed-in");
    expect(hint).toMatchObject({ value: "1", httpOnly: false, secure: true, sameSite: "Lax", path: "/" });
    await page.goto("/terms");
    const navigation = page.getByRole("navigation", { name: "Main" });
    await navigation.getByRole("link", { name: javaScriptEnabled ? "Dashboard" : "Sign in" }).click();
    await expectProDashboard(page);

    await page.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("You are signed out on this device.");
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("signed-in");
    await page.goto("/dashboard");
    await expect(page.getByRole("main")).toContainText("Sign in to see your plan");
  });

  test("'Sign out of all devices' signs out a second browser signed in with the same email", async ({ browser }) => {
    const laptop = await newBrowser(browser, javaScriptEnabled);
    const email = await buyProByCard(laptop.page);
    const phone = await newBrowser(browser, javaScriptEnabled);
    await signInByMail(phone.page, email);
    await expectProDashboard(phone.page);

    await laptop.page.goto("/dashboard");
    await expectProDashboard(laptop.page);
    await laptop.page.getByRole("button", { name: "Sign out of all devices" }).click();
    await expect(laptop.page.getByRole("status")).toHaveText("You are signed out on every device.");

    await phone.page.goto("/dashboard");
    await expect(phone.page.getByRole("main")).toContainText("Sign in to see your plan");
    await expect(phone.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign in" })).toBeVisible();
    await laptop.context.close();
    await phone.context.close();
  });

  test("a used link shows a clear page with 'Send a new link'", async ({ page, browser }) => {
    const email = `reuse-${Date.now()}-${javaScriptEnabled}@example.com`;
    await signInByMail(page, email);
    await expect(page.getByRole("heading", { name: "No plan yet" })).toBeVisible();
    const link = (await sentMailTo(email)).at(-1)!.link!;
    const other = await newBrowser(browser, javaScriptEnabled);
    const response = await other.page.goto(link);
    expect(response?.status()).toBe(410);
    await expect(other.page.getByRole("heading", { level: 1 })).toHaveText("This sign-in link was already used");
    await other.page.getByRole("link", { name: "Send a new link" }).click();
    await expect(other.page).toHaveURL(/\/sign-in$/);
    await other.context.close();
  });
});

test("an invalid address is refused with its message, the input kept and focusable by keyboard", async ({ page }) => {
  await page.goto("/sign-in");
  const field = page.getByLabel("Email address");
  await field.fill("not-an-email");
  await field.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Enter a valid email address, like name@example.com.");
  await expect(page.getByLabel("Email address")).toHaveValue("not-an-email");
});

test("axe finds no violations on the 'Check your inbox' page, the confirm page and the dashboard without a plan", async ({ page }) => {
  const axe = async () => {
    await page.waitForLoadState("networkidle");
    expect(await axeViolations(page)).toEqual([]);
  };
  const email = `axe-${Date.now()}@example.com`;
  await page.goto("/sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await axe();
  await page.goto(await newestLinkTo(email, 0));
  await axe();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "No plan yet" })).toBeVisible();
  await axe();
});

test("the mobile menu shows the signed-in account with 'Dashboard' and 'Sign out' @mobile", async ({ page }) => {
  const email = `mobile-${Date.now()}@example.com`;
  await page.goto("/sign-in");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await page.goto(await newestLinkTo(email, 0));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toContainText(`Signed in as ${email}`);
  await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await menu.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status")).toHaveText("You are signed out on this device.");
});
