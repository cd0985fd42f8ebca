import { env } from "cloudflare:workers";
import { afterEach, beforeEach } from "vitest";
import { fakeOpenAi, fakeStripe } from "./helpers";

// Set-up that every test of a file (or of a describe block) shares, registered as vitest hooks:
// call these at the top of the file or block.

/** Billing on the fake Stripe, which starts each test empty; off again after the test. */
export function withFakeStripe() {
  beforeEach(() => fakeStripe.use());
  afterEach(() => fakeStripe.off());
}

/** The OpenAI engine against the fake OpenAI, which starts each test empty; the offline engine again after. */
export function withFakeOpenAi() {
  beforeEach(() => fakeOpenAi.use());
  afterEach(() => fakeOpenAi.offline());
}

type Setting = keyof Env & string;

/** The named settings on `env` put back after each test as the test found them, whatever it set. */
export function restoreSettingsAfterEach(...names: Setting[]) {
  const settings = env as unknown as Record<string, unknown>;
  let found: [string, unknown][] = [];
  beforeEach(() => {
    found = names.map((name) => [name, settings[name]]);
  });
  afterEach(() => {
    for (const [name, value] of found) settings[name] = value;
  });
}
