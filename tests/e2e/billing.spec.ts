import { describeWithJavaScriptOnAndOff, expect, test } from "./test";
import { axeViolations } from "./axe";
import { buyProByCard, confirmByMail, expectProDashboard, payForPro } from "./checkout";
import { fakeStripeURL } from "./playwright.config";

// The whole purchase against the fake Stripe the e2e server is configured with
// (playwright.config.ts): plans → payment method → hosted checkout → Pay → success → dashboard.

describeWithJavaScriptOnAndOff("subscribing", (javaScriptEnabled) => {
  test("pricing → pro → card → hosted checkout → Pay → success → mailed confirmation → the dashboard shows the plan", async ({
    page,
    context,
  }) => {
    const email = await payForPro(page);
    // The success page signs nobody in: the paid address is confirmed by the mailed link.
    expect((await context.cookies()).find((cookie) => cookie.name === "__Host-session")).toBeUndefined();
    await expect(page.getByRole("main")).toContainText(`Your subscription is ready. We sent a confirmation link to ${email}`);
    await confirmByMail(page, email);
    const session = (await context.cookies()).find((cookie) => cookie.name === "__Host-session");
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    await expectProDashboard(page);

    await page.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByText("You are signed out on this device.")).toBeVisible();
  });

  test("a stranger who pays typing a subscriber's address leaves the subscriber on their own plan", async ({ page, browser }) => {
    const email = await buyProByCard(page);
    const stranger = await browser.newContext({ javaScriptEnabled });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto("/payment-methods?plan=basic");
    await strangerPage.getByRole("button", { name: /Credit \/ Debit Card/ }).click();
    await strangerPage.getByLabel("Email").fill(email);
    await strangerPage.getByRole("button", { name: "Pay" }).click();
    await expect(strangerPage.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
    await expect(strangerPage.getByRole("main")).toContainText(`We sent a confirmation link to ${email}`);
    await stranger.close();

    await page.goto("/dashboard");
    await expectProDashboard(page);
    await expect(page.getByText("Basic", { exact: true })).toHaveCount(0);
  });

  test("a cancelled checkout returns to the payment methods of the plan", async ({ page }) => {
    await page.goto("/payment-methods?plan=basic");
    await page.getByRole("button", { name: /Bank Account \(ACH\)/ }).click();
    await expect(page.getByRole("main")).toContainText("paying by us_bank_account");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/payment-methods\?plan=basic$/);
    await expect(page.getByRole("heading", { name: /Basic/ })).toBeVisible();
  });
});

test("'Manage billing' opens the billing portal, which returns to the dashboard", async ({ page }) => {
  await buyProByCard(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(new RegExp(`^${fakeStripeURL}/portal/bps_test_\\w+`));
  await page.getByRole("link", { name: "Return to the site" }).click();
  await expectProDashboard(page);
});

test("axe finds no violations on the paid success page and the subscriber's dashboard", async ({ page }) => {
  const email = await payForPro(page);
  await page.waitForLoadState("networkidle");
  expect(await axeViolations(page)).toEqual([]);
  await confirmByMail(page, email);
  await expectProDashboard(page);
  await page.waitForLoadState("networkidle");
  expect(await axeViolations(page)).toEqual([]);
});

// Scripted answers name the startup price, so tests running in parallel never take them.
async function scriptNextStartupCheckout(answer: { status?: number; delayMs?: number; error?: object }) {
  await fetch(`${fakeStripeURL}/__fake/next`, { method: "POST", body: JSON.stringify([{ ...answer, price: "price_startup_e2e" }]) });
}

test("both method buttons are disabled while the checkout starts", async ({ page }) => {
  await scriptNextStartupCheckout({ delayMs: 2_000 });
  await page.goto("/payment-methods?plan=startup");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: /Credit \/ Debit Card/ }).click();
  await expect(page.getByRole("button", { name: /Starting checkout/ })).toBeDisabled();
  await expect(page.getByRole("button", { name: /Bank Account \(ACH\)/ })).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(`^${fakeStripeURL}/checkout/`));
});

for (const javaScriptEnabled of [true, false]) {
  test(`a failed checkout start shows 'Payment failed. Please try again.' (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await scriptNextStartupCheckout({ status: 400, error: { type: "invalid_request_error", message: "No such price" } });
    await page.goto("/payment-methods?plan=startup");
    await page.getByRole("button", { name: /Bank Account \(ACH\)/ }).click();
    await expect(page.getByRole("alert")).toHaveText("Payment failed. Please try again.");
    await expect(page.getByRole("heading", { name: /Startup/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /Credit \/ Debit Card/ })).toBeEnabled();
    await context.close();
  });
}
