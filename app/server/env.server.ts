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
      RECEIPT_SIGNING_KEY?: string;
      C2PA_SIGNING_KEY?: string;
      C2PA_CERTIFICATE_CHAIN?: string;
      DETECTOR_SCORER_API_KEY?: string;
    }
  }
}

/** The Worker's bindings (D1, R2, mail, the demo limiter). Settings, parsed: settings.server.ts. */
export function serverEnv() {
  return env;
}
