// Bindings only the integration tests add (tests/integration/vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    FAKE_OPENAI_URL: string;
    FAKE_STRIPE_URL: string;
    FAKE_VLLM_URL: string;
    LOCAL_MAIL_URL: string;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
