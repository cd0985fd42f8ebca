import { env } from "cloudflare:workers";

// Secrets are not in wrangler.toml, so `wrangler types` cannot know them: declare them here.
// They come from .dev.vars locally and `wrangler secret put` in production.
declare global {
  namespace Cloudflare {
    interface Env {
      OPENAI_API_KEY?: string;
      STRIPE_SECRET_KEY?: string;
      STRIPE_WEBHOOK_SECRET?: string;
      SESSION_SECRET?: string;
    }
  }
}

/** Configuration read once per use from the Worker's bindings; blank strings mean "not set". */
export function serverEnv() {
  return env;
}

export function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
