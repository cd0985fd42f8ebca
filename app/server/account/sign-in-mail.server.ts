import { company } from "~/content/company";
import { serverEnv } from "../env.server";
import { setting } from "../settings.server";
import { describeError, log } from "../log.server";
import { SIGN_IN_TOKEN_LIFETIME_SECONDS } from "./sign-in-tokens.server";

// The sign-in mail, sent through Cloudflare Email Service's `send_email` binding (EMAIL) from the
// address in MAIL_FROM. Locally, `wrangler dev` does not deliver it: it writes the text and HTML
// bodies to files and logs their paths (docs/operations.md, 'Mail').

export function mailConfigured(): boolean {
  return setting("MAIL_FROM") !== undefined;
}

export type SignInMail = { subject: string; text: string; html: string };

export function signInMail(email: string, link: string): SignInMail {
  return linkMail({
    subject: `Your ${company.productName} sign-in link`,
    intro: [`Someone asked to sign in to ${company.productName} as `, email, "."],
    instruction: "To sign in, open this link and press 'Sign in':",
    link,
    button: `Sign in to ${company.productName}`,
    expiry: "",
    footer: `If you did not ask for it, you can ignore this mail: nobody can sign in without the link. Questions? Write to ${company.supportEmail}.`,
  });
}

/**
 * After a visitor's checkout: the address typed on Stripe's page is not verified by anyone, so the
 * account opens only through this link, which only the address's owner receives.
 */
export function checkoutConfirmationMail(email: string, link: string, planName: string): SignInMail {
  const plan = planName ? ` ${planName}` : "";
  return linkMail({
    subject: `Confirm your email to open your ${company.productName} subscription`,
    intro: [`Thank you for subscribing to the ${company.productName}${plan} plan as `, email, "."],
    instruction: "To confirm this address and open your dashboard, open this link and press 'Sign in':",
    link,
    button: "Confirm and sign in",
    expiry: " After that, sign in with this address on the site's sign-in page.",
    footer: `If you did not subscribe, someone typed your address at checkout: nobody can sign in as you without this link. Write to ${company.supportEmail} and we will sort it out.`,
  });
}

/**
 * A mail carrying a single-use sign-in link, as text and HTML: the intro names the address (bold
 * in HTML), then the link as a button and as plain text, its lifetime, and a footer.
 */
function linkMail(parts: {
  subject: string;
  intro: [before: string, email: string, after: string];
  instruction: string;
  link: string;
  button: string;
  /** Said after the lifetime ("The link works once and expires in 15 minutes."). */
  expiry: string;
  footer: string;
}): SignInMail {
  const { subject, intro, instruction, link, button, footer } = parts;
  const lifetime = `The link works once and expires in ${SIGN_IN_TOKEN_LIFETIME_SECONDS / 60} minutes.${parts.expiry}`;
  const text = [intro.join(""), "", instruction, link, "", lifetime, "", footer].join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">
<p>${escapeHtml(intro[0])}<strong>${escapeHtml(intro[1])}</strong>${escapeHtml(intro[2])}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;border-radius:10px;background:#7c3aed;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(button)}</a></p>
<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p>${escapeHtml(lifetime)}</p>
<p style="color:#475569">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, text, html };
}

/** Sends the link; false when the mail service refused or failed (the page says to try again). */
export async function sendSignInMail(email: string, link: string): Promise<boolean> {
  return sendAccountMail(email, signInMail(email, link));
}

export async function sendAccountMail(email: string, mail: SignInMail): Promise<boolean> {
  const env = serverEnv();
  const from = setting("MAIL_FROM");
  if (!from) return false;
  try {
    await env.EMAIL.send({ from: { email: from, name: company.productName }, to: email, ...mail });
    return true;
  } catch (error) {
    log("error", "account mail failed", describeError(error));
    return false;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
