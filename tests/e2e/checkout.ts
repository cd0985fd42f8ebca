import { expect, type Page } from "@playwright/test";
import { sentMailTo } from "../support/local-mail.mjs";
import { fakeStripeURL } from "./playwright.config";

// The purchase path shared by the billing and account suites: plans → payment method → the fake
// Stripe's hosted checkout → Pay → success, which mails a confirmation link to the paid address
// and signs nobody in → the link's 'Sign in' button → the dashboard. Returns the email paid with.
export async function buyProByCard(page: Page): Promise<string> {
  const email = await payForPro(page);
  await expect(page.getByRole("main")).toContainText(`We sent a confirmation link to ${email}`);
  await confirmByMail(page, email);
  return email;
}

/** Opens the newest confirmation mailed to the address and presses 'Sign in': the dashboard. */
export async function confirmByMail(page: Page, email: string) {
  await expect.poll(async () => (await sentMailTo(email)).length, { message: `a confirmation mail to ${email}` }).toBeGreaterThan(0);
  const link = (await sentMailTo(email)).at(-1)!.link!;
  await page.goto(link);
  await expect(page.getByRole("main")).toContainText(`Sign in as ${email} on this device.`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Plans → Pro → card → the fake's hosted checkout → Pay → the success page; the email paid with. */
export async function payForPro(page: Page): Promise<string> {
  await page.goto("/pricing");
  const pro = page.getByRole("article", { name: "Pro" });
  await expect(pro).toContainText("Most popular");
  await expect(pro).toContainText("$24.99");
  await pro.getByRole("link", { name: "Choose plan Pro" }).click();

  await expect(page).toHaveURL(/\/payment-methods\?plan=pro$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose Payment Method");
  await expect(page.getByRole("heading", { name: /Pro/ })).toBeVisible();
  await page.getByRole("button", { name: /Credit \/ Debit Card/ }).click();

  await expect(page).toHaveURL(new RegExp(`^${fakeStripeURL}/checkout/cs_test_\\w+$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fake Stripe Checkout");
  await expect(page.getByRole("main")).toContainText("paying by card");
  // Like Stripe Checkout, the fake asks for the buyer's email (it suggests a fresh one).
  const email = await page.getByLabel("Email").inputValue();
  expect(email).toMatch(/@example\.com$/);
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/success\?session_id=cs_test_\w+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment Successful!");
  await expect(page.getByText("Thank you for your subscription.")).toBeVisible();
  return email;
}

export async function expectProDashboard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await expect(page.getByText("Pro", { exact: true })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText(/Renews on/)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "AI Writer" })).toHaveAttribute("aria-valuemax", "100");
}
