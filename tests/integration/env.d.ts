// Bindings only the integration tests add (tests/integration/vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    FAKE_OPENAI_URL: string;
    FAKE_STRIPE_URL: string;
    FAKE_VLLM_URL: string;
    LOCAL_MAIL_URL: string;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The root of the tests' C2PA chain (PEM); C2PA_SIGNING_KEY and C2PA_CERTIFICATE_CHAIN are set beside it. */
    C2PA_TEST_ROOT: string;
    /** The root of the fake provider's C2PA chain (PEM). */
    PROVIDER_C2PA_ROOT: string;
  }
}
