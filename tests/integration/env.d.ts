// Bindings only the integration tests add (tests/integration/vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    FAKE_OPENAI_URL: string;
  }
}
