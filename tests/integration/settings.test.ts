import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { invalidSettings, setting } from "~/server/settings.server";
import { get } from "./helpers";

// The Worker's variables, parsed by one schema (app/server/settings.server.ts).
const saved = { ...env } as Record<string, unknown>;
const vars = env as unknown as Record<string, string | undefined>;
afterEach(() => {
  for (const name of ["DEMO_LIMIT_PER_MINUTE", "PLAN_CURRENCY", "SITE_URL", "LOG_LEVEL", "OPENAI_TIMEOUT_MS", "STRIPE_API_BASE_URL"])
    vars[name] = saved[name] as string;
});

describe("settings", () => {
  it("read blank as not set, trim, and parse numbers, URLs, currencies and levels", () => {
    vars.DEMO_LIMIT_PER_MINUTE = " 7 ";
    vars.PLAN_CURRENCY = "EUR";
    vars.SITE_URL = "https://contentforge.test/path";
    vars.LOG_LEVEL = "WARN";
    expect([setting("DEMO_LIMIT_PER_MINUTE"), setting("PLAN_CURRENCY"), setting("SITE_URL")?.origin, setting("LOG_LEVEL")]).toEqual([
      7,
      "eur",
      "https://contentforge.test",
      "warn",
    ]);
    vars.DEMO_LIMIT_PER_MINUTE = "";
    vars.PLAN_CURRENCY = "  ";
    vars.SITE_URL = "";
    expect([setting("DEMO_LIMIT_PER_MINUTE"), setting("PLAN_CURRENCY"), setting("SITE_URL")]).toEqual([10, "usd", undefined]);
    expect(invalidSettings()).toEqual([]);
  });

  it("run a value that does not parse on its default, and name it with the reason, never the value", () => {
    vars.DEMO_LIMIT_PER_MINUTE = "ten";
    vars.OPENAI_TIMEOUT_MS = "0";
    vars.PLAN_CURRENCY = "euros";
    vars.STRIPE_API_BASE_URL = "ftp://stripe.test";
    expect([
      setting("DEMO_LIMIT_PER_MINUTE"),
      setting("OPENAI_TIMEOUT_MS"),
      setting("PLAN_CURRENCY"),
      setting("STRIPE_API_BASE_URL"),
    ]).toEqual([10, 20_000, "usd", undefined]);
    expect(invalidSettings()).toEqual([
      { variable: "OPENAI_TIMEOUT_MS", problem: "not a whole number of at least 1" },
      { variable: "DEMO_LIMIT_PER_MINUTE", problem: "not a whole number of at least 0" },
      { variable: "STRIPE_API_BASE_URL", problem: "not an http(s) URL" },
      { variable: "PLAN_CURRENCY", problem: "not a three-letter ISO 4217 code" },
    ]);
  });

  it("/healthz reports the invalid settings by name and says the site is degraded", async () => {
    vars.DEMO_LIMIT_PER_MINUTE = "-1";
    const body = (await (await get("/healthz")).json()) as { status: string; invalidSettings?: unknown };
    expect(body.status).toBe("degraded");
    expect(body.invalidSettings).toEqual([{ variable: "DEMO_LIMIT_PER_MINUTE", problem: "not a whole number of at least 0" }]);
    expect(JSON.stringify(body)).not.toContain("-1");
  });
});
