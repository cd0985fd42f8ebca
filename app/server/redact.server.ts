import { env } from "cloudflare:workers";

// Secret values must never leave the server: not in a page, not in a log line. Providers echo
// keys in their error messages, so every such message passes through here first.
const SECRET_NAMES = ["OPENAI_API_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "SESSION_SECRET"] as const;
const KEY_LIKE = /\b(?:sk|rk|pk)[-_][A-Za-z0-9_*.-]{6,}|\bwhsec_[A-Za-z0-9]{6,}/g;

export function redactSecrets(text: string): string {
  let redacted = text;
  for (const name of SECRET_NAMES) {
    const value = env[name]?.trim();
    if (value && value.length >= 8) redacted = redacted.split(value).join("[redacted]");
  }
  return redacted.replace(KEY_LIKE, "[redacted]");
}
