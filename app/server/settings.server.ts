import { env } from "cloudflare:workers";
import { z } from "zod";
import { fromBase64 } from "./base64.server";

// Every variable the Worker is configured by (wrangler.toml [vars], secrets, .dev.vars), read
// through one zod schema: blank means "not set", numbers are whole numbers of at least 0, and a
// value that does not parse falls back to its default and is listed by invalidSettings() (shown on
// /healthz). Read on every use, not cached: a changed variable applies at once, and tests change
// them between requests. The bindings (DB, MEDIA, EMAIL, DEMO_LIMITER) are not settings: read them
// from `serverEnv()`.

const text = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** A set value is kept by `accept` or refused with its message; not set, it is `fallback`. */
function parsed<T, F>(fallback: F, accept: (value: string) => T | { refused: string }) {
  return text.transform((value, ctx): T | F => {
    if (value === undefined) return fallback;
    const result = accept(value);
    if (typeof result === "object" && result !== null && "refused" in result) {
      ctx.issues.push({ code: "custom", message: result.refused, input: value });
      return z.NEVER;
    }
    return result as T;
  });
}

/** A whole number of at least `min` (0: the feature is off, for the limits). */
const count = (fallback: number, min = 0) =>
  parsed(fallback, (value) => {
    const number = Number(value);
    return Number.isInteger(number) && number >= min ? number : { refused: `not a whole number of at least ${min}` };
  });

const httpUrl = parsed(undefined, (value) => {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  return url && (url.protocol === "https:" || url.protocol === "http:") ? url : { refused: "not an http(s) URL" };
});

const currency = parsed("usd", (value) =>
  /^[a-z]{3}$/i.test(value) ? value.toLowerCase() : { refused: "not a three-letter ISO 4217 code" },
);

const logLevel = parsed("info" as const, (value) => {
  const level = value.toLowerCase();
  return level === "info" || level === "warn" || level === "error" ? level : { refused: "not info, warn or error" };
});

// An Ed25519 private key as PKCS#8, in base64 (DER) or PEM: 48 bytes, the fixed 16-byte PKCS#8
// header of an Ed25519 key followed by its 32-byte seed. Checked here by shape; WebCrypto imports it.
const ED25519_PKCS8_HEADER = "302e020100300506032b657004220420";
const ed25519PrivateKey = parsed(undefined, (value) => {
  const base64 = value.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 === 1) return { refused: "not base64 or PEM" };
  const bytes = fromBase64(base64);
  const header = [...bytes.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return bytes.length === 48 && header === ED25519_PKCS8_HEADER ? bytes : { refused: "not an Ed25519 private key in PKCS#8" };
});

// The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410), before the 32 bytes of the key.
const ED25519_SPKI_HEADER = "302a300506032b6570032100";

/**
 * Public keys that signed receipts before a rotation, still published so old receipts verify: a
 * comma-separated list, each the JWKS's `x` (base64url of the 32-byte key) or the PEM's body
 * (base64 of the SubjectPublicKeyInfo). The raw 32-byte keys.
 */
const ed25519PublicKeys = parsed([] as Uint8Array[], (value) => {
  const keys: Uint8Array[] = [];
  for (const entry of value.split(",").map((part) => part.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, "").replace(/\s+/g, ""))) {
    if (entry === "") continue;
    const base64 = entry.replace(/-/g, "+").replace(/_/g, "/");
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 === 1) return { refused: "not a comma-separated list of base64 keys" };
    const bytes = fromBase64(base64);
    const header = [...bytes.subarray(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    if (bytes.length === 32) keys.push(bytes);
    else if (bytes.length === 44 && header === ED25519_SPKI_HEADER) keys.push(bytes.subarray(12));
    else return { refused: "an entry is not an Ed25519 public key (32 bytes, or its SubjectPublicKeyInfo)" };
  }
  return keys;
});

// PEM blocks of one kind, as DER: the body of each `-----BEGIN <label>-----` block.
function pemBlocks(value: string, label: string): Uint8Array[] | undefined {
  const blocks = [...value.matchAll(new RegExp(`-----BEGIN ${label}-----([^-]*)-----END ${label}-----`, "g"))].map((match) =>
    // A value written on one line (a .dev.vars entry) may carry its line breaks as "\n".
    (match[1] ?? "").replace(/\\n|\s+/g, ""),
  );
  if (blocks.length === 0 || blocks.some((body) => !/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 === 1)) return undefined;
  return blocks.map(fromBase64);
}

// The C2PA signer's key (decision 062): a P-256 private key as PKCS#8 PEM. The shape is checked
// here (the id-ecPublicKey and prime256v1 OIDs in its algorithm); WebCrypto imports it.
const P256_PKCS8_ALGORITHM = "301306072a8648ce3d020106082a8648ce3d030107";
const p256PrivateKey = parsed(undefined, (value) => {
  const [der, ...more] = pemBlocks(value, "PRIVATE KEY") ?? [];
  if (!der || more.length > 0) return { refused: "not one PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)" };
  const hex = [...der.subarray(0, 40)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return hex.includes(P256_PKCS8_ALGORITHM) ? der : { refused: "not a P-256 (prime256v1) key" };
});

/** The signer's certificate chain, PEM certificates leaf first, as DER. */
const certificateChain = parsed(
  undefined,
  (value) => pemBlocks(value, "CERTIFICATE") ?? { refused: "not PEM certificates (-----BEGIN CERTIFICATE-----)" },
);

const definitions = {
  OPENAI_API_KEY: text,
  OPENAI_BASE_URL: text,
  OPENAI_TEXT_MODEL: text,
  OPENAI_IMAGE_MODEL: text,
  OPENAI_SPEECH_MODEL: text,
  OPENAI_TIMEOUT_MS: count(20_000, 1),
  DEMO_LIMIT_PER_MINUTE: count(10),
  DEMO_LIMIT_PER_DAY: count(100),
  SIGN_IN_LIMIT_PER_ADDRESS_PER_HOUR: count(5),
  SIGN_IN_LIMIT_PER_CLIENT_PER_HOUR: count(20),
  API_RATE_LIMIT_PER_MINUTE: count(60),
  API_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: count(120),
  STRIPE_SECRET_KEY: text,
  STRIPE_WEBHOOK_SECRET: text,
  STRIPE_PRICE_BASIC: text,
  STRIPE_PRICE_PRO: text,
  STRIPE_PRICE_STARTUP: text,
  STRIPE_API_BASE_URL: httpUrl,
  PLAN_CURRENCY: currency,
  SESSION_SECRET: text,
  RECEIPT_SIGNING_KEY: ed25519PrivateKey,
  RECEIPT_RETIRED_PUBLIC_KEYS: ed25519PublicKeys,
  // Content Credentials (app/server/credentials): without both, generated media are stored unsigned.
  C2PA_SIGNING_KEY: p256PrivateKey,
  C2PA_CERTIFICATE_CHAIN: certificateChain,
  SITE_URL: httpUrl,
  MAIL_FROM: text,
  LOG_LEVEL: logLevel,
  // The language-model scorer (decision 059, app/server/detector/lm-scorer.server.ts): off unless
  // DETECTOR_SCORER_URL is set; the performer may be served at a URL of its own.
  DETECTOR_SCORER_URL: httpUrl,
  DETECTOR_PERFORMER_URL: httpUrl,
  DETECTOR_OBSERVER_MODEL: text,
  DETECTOR_PERFORMER_MODEL: text,
  DETECTOR_SCORER_API_KEY: text,
  DETECTOR_SCORER_TIMEOUT_MS: count(5_000, 1),
  DETECTOR_SCORER_TOP_LOGPROBS: count(20, 1),
} satisfies Record<string, z.ZodType<unknown, string | undefined>>;

// What a setting is when its value does not parse: the value it has when not set.
const fallbacks = Object.fromEntries(Object.entries(definitions).map(([name, schema]) => [name, schema.parse(undefined)]));

export type SettingName = keyof typeof definitions;
export type Settings = { [Name in SettingName]: z.output<(typeof definitions)[Name]> };

type Parsed = { ok: true; value: unknown } | { ok: false; problem: string };

// The last value parsed for each variable: a log line or a demo action reads its setting without
// parsing it again, and a changed variable is parsed anew.
const lastParsed = new Map<SettingName, { raw: string | undefined; parsed: Parsed }>();

function read(name: SettingName): Parsed {
  const value: unknown = (env as unknown as Record<string, unknown>)[name];
  const raw = typeof value === "string" || value === undefined ? value : String(value);
  const last = lastParsed.get(name);
  if (last && last.raw === raw) return last.parsed;
  const result = definitions[name].safeParse(raw);
  const parsed: Parsed = result.success
    ? { ok: true, value: result.data }
    : { ok: false, problem: result.error.issues[0]?.message ?? "invalid" };
  lastParsed.set(name, { raw, parsed });
  return parsed;
}

/** One setting, parsed now; its default when it is not set or does not parse. */
export function setting<Name extends SettingName>(name: Name): Settings[Name] {
  const parsed = read(name);
  return (parsed.ok ? parsed.value : fallbacks[name]) as Settings[Name];
}

/** Why a set value does not parse, or undefined when it parses or is not set (never the value: some are secrets). */
export function settingProblem(name: SettingName): string | undefined {
  const parsed = read(name);
  return parsed.ok ? undefined : parsed.problem;
}

/** The settings that are set but do not parse, with why. */
export function invalidSettings(): { variable: SettingName; problem: string }[] {
  return (Object.keys(definitions) as SettingName[]).flatMap((variable) => {
    const problem = settingProblem(variable);
    return problem === undefined ? [] : [{ variable, problem }];
  });
}
