// The fake OpenAI's model catalog and OpenAI's error envelopes, as the API stood when read.
//
// Read 2026-11-24 (search of stored public copies):
// - Lifecycle and dates: OpenAI's deprecations page, https://developers.openai.com/api/docs/deprecations
//   ("call GET /v1/models and check each model's optional shutdown_date field … also available from
//   the Retrieve a model endpoint"; gpt-image-1.5 / gpt-image-1-mini shut down 2026-12-01) and the
//   write-ups copied from it: https://dev.to/importstatic/every-openai-model-shutdown-date-until-january-2027-and-what-replaces-it-1dfk
//   (gpt-3.5-turbo, gpt-4, gpt-4-turbo, o1, o3-mini, o4-mini, gpt-image-1: 2026-10-23),
//   https://dev.to/max_bob/openai-api-deprecations-2026-2027-every-shutdown-date-and-recommended-replacement-gpt-4o-2ffm
//   (gpt-4o-mini, gpt-4.1-mini: 2027-01-14; legacy realtime 2027-01-20), https://dev.to/aidriftline
//   (tts-1, tts-1-hd, gpt-4o-mini-tts: 2027-01-06), https://dev.to/flarecanary/dalle-shuts-down-may-12-the-gpt-image-1-migration-isnt-the-drop-in-swap-it-looks-like-3p02
//   (dall-e-2, dall-e-3: 2026-05-12).
// - Reasoning efforts: gpt-6-luna none…max without minimal, default medium
//   (https://docs.oxen.ai/inference-api/reference/models/gpt-6-luna, https://docs.litellm.ai/blog/gpt_6_sol_luna);
//   gpt-5.6-luna/terra refuse minimal, gpt-5.6-sol takes it
//   (https://github.com/experientiallabs/experiential/issues/764, https://github.com/bolna-ai/bolna/pull/852).
// - Voices: openai-node 6.49.0 (resources/realtime/realtime.d.ts, resources/audio/speech.d.ts) and
//   the text-to-speech guide as quoted in https://github.com/withceleste/celeste-python/pull/385.
// `created` is the release day where known, else an approximate one: nothing depends on it.

const day = (date) => Date.parse(`${date}T00:00:00Z`) / 1000;

const GPT6_EFFORTS = ["none", "low", "medium", "high", "xhigh", "max"];
const SOL_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh", "max"];
export const REALTIME_VOICES = ["alloy", "ash", "ballad", "coral", "echo", "sage", "shimmer", "verse", "marin", "cedar"];
const TTS1_VOICES = ["alloy", "ash", "coral", "echo", "fable", "onyx", "nova", "sage", "shimmer"];
const MINI_TTS_VOICES = [...TTS1_VOICES, "ballad", "verse", "marin", "cedar"];

/**
 * kind: the endpoint a model serves (chat, image, speech, realtime); family: which image rules apply. A model whose
 * shutdown_date is today or earlier is shut down: absent from GET /v1/models and a 404 everywhere.
 * @typedef {{ id: string, kind: "chat" | "image" | "speech" | "realtime", created: number, shutdown_date: string | null,
 *   efforts?: string[], defaultEffort?: string, family?: "gpt-image-1" | "gpt-image-2.6", voices?: string[] }} CatalogModel
 */
/** @type {CatalogModel[]} */
const CATALOG = [
  // Chat Completions. `efforts` marks a reasoning model (reasoning_effort and its rules).
  { id: "gpt-6-luna", kind: "chat", created: day("2026-09-22"), shutdown_date: null, efforts: GPT6_EFFORTS, defaultEffort: "medium" },
  { id: "gpt-5.6-sol", kind: "chat", created: day("2026-07-09"), shutdown_date: null, efforts: SOL_EFFORTS, defaultEffort: "medium" },
  { id: "gpt-5.6-terra", kind: "chat", created: day("2026-07-09"), shutdown_date: null, efforts: GPT6_EFFORTS, defaultEffort: "medium" },
  { id: "gpt-4o-mini", kind: "chat", created: day("2024-07-18"), shutdown_date: "2027-01-14" },
  { id: "gpt-4.1-mini", kind: "chat", created: day("2025-04-14"), shutdown_date: "2027-01-14" },
  { id: "gpt-3.5-turbo", kind: "chat", created: day("2023-03-01"), shutdown_date: "2026-10-23" },
  { id: "gpt-4", kind: "chat", created: day("2023-06-13"), shutdown_date: "2026-10-23" },
  { id: "gpt-4-turbo", kind: "chat", created: day("2024-04-09"), shutdown_date: "2026-10-23" },
  { id: "o1", kind: "chat", created: day("2024-12-17"), shutdown_date: "2026-10-23" },
  { id: "o3-mini", kind: "chat", created: day("2025-01-31"), shutdown_date: "2026-10-23" },
  { id: "o4-mini", kind: "chat", created: day("2025-04-16"), shutdown_date: "2026-10-23" },
  // Images (all GPT image models: the DALL·E models are shut down).
  { id: "gpt-image-2.6-flare", kind: "image", created: day("2026-11-04"), shutdown_date: null, family: "gpt-image-2.6" },
  { id: "gpt-image-2.6-sunburst", kind: "image", created: day("2026-11-04"), shutdown_date: null, family: "gpt-image-2.6" },
  { id: "gpt-image-1.5", kind: "image", created: day("2025-12-16"), shutdown_date: "2026-12-01", family: "gpt-image-1" },
  { id: "gpt-image-1-mini", kind: "image", created: day("2025-10-06"), shutdown_date: "2026-12-01", family: "gpt-image-1" },
  { id: "gpt-image-1", kind: "image", created: day("2025-04-23"), shutdown_date: "2026-10-23", family: "gpt-image-1" },
  { id: "dall-e-3", kind: "image", created: day("2023-10-31"), shutdown_date: "2026-05-12" },
  { id: "dall-e-2", kind: "image", created: day("2023-11-01"), shutdown_date: "2026-05-12" },
  // POST /v1/audio/speech.
  { id: "tts-1", kind: "speech", created: day("2023-11-06"), shutdown_date: "2027-01-06", voices: TTS1_VOICES },
  { id: "tts-1-hd", kind: "speech", created: day("2023-11-06"), shutdown_date: "2027-01-06", voices: TTS1_VOICES },
  { id: "gpt-4o-mini-tts", kind: "speech", created: day("2025-03-20"), shutdown_date: "2027-01-06", voices: MINI_TTS_VOICES },
  // Realtime (WebSocket /v1/realtime).
  { id: "gpt-realtime-2.1", kind: "realtime", created: day("2026-07-09"), shutdown_date: null },
  { id: "gpt-realtime-2.1-mini", kind: "realtime", created: day("2026-07-09"), shutdown_date: null },
  { id: "gpt-realtime", kind: "realtime", created: day("2025-08-28"), shutdown_date: "2027-01-20" },
  { id: "gpt-4o-realtime-preview", kind: "realtime", created: day("2024-10-01"), shutdown_date: "2027-01-20" },
];

/** What a model added by a test takes unless it says otherwise (the newest rules of its kind). */
const NEW_MODEL_DEFAULTS = { image: { family: "gpt-image-2.6" }, speech: { voices: MINI_TTS_VOICES } };

/** A fresh copy of the default catalog (POST /__fake/reset goes back to it). */
export function defaultCatalog() {
  return new Map(CATALOG.map((model) => [model.id, { ...model }]));
}

/**
 * POST /__fake/models: add or override models, e.g. `{ id: "gpt-6-luna", shutdown_date: "2026-12-10" }`
 * to simulate a shutdown within 30 days. A new id needs its `kind` (default "chat").
 * @param {Map<string, CatalogModel>} catalog
 */
export function changeCatalog(catalog, entries) {
  for (const entry of Array.isArray(entries) ? entries : [entries]) {
    if (typeof entry?.id !== "string") continue;
    const kind = entry.kind ?? "chat";
    const fresh = { id: entry.id, kind, created: Math.floor(Date.now() / 1000), shutdown_date: null, ...NEW_MODEL_DEFAULTS[kind] };
    const existing = catalog.get(entry.id) ?? fresh;
    catalog.set(entry.id, { ...existing, ...entry });
  }
}

const today = () => new Date().toISOString().slice(0, 10);

/** The model if it is still served (active or deprecated), else undefined. */
export function liveModel(catalog, id) {
  const model = typeof id === "string" ? catalog.get(id) : undefined;
  return model && (model.shutdown_date === null || model.shutdown_date > today()) ? model : undefined;
}

/** The model object of GET /v1/models and GET /v1/models/{id}. */
export function modelObject({ id, created, shutdown_date }) {
  return { id, object: "model", created, owned_by: "system", shutdown_date };
}

/** An OpenAI error: the HTTP status and the `{ error: {…} }` body. */
export function apiError(status, message, { type = "invalid_request_error", param = null, code = null } = {}) {
  return { status, body: { error: { message, type, param, code } } };
}

export const modelNotFound = (id) =>
  apiError(404, `The model \`${id}\` does not exist or you do not have access to it.`, { code: "model_not_found" });

/** OpenAI's wording for a value outside an enum. */
export function invalidValue(param, value, allowed) {
  const list = allowed.map((item) => `'${item}'`);
  const listed = list.length > 1 ? `${list.slice(0, -1).join(", ")}, and ${list.at(-1)}` : list.join("");
  return apiError(400, `Invalid value: '${value}'. Supported values are: ${listed}.`, { param, code: "invalid_value" });
}

/**
 * The key check every endpoint does first. Keys look like `sk-…` (or `ek_…` for a Realtime client
 * secret); anything else is an incorrect key.
 */
export function checkAuthorization(header) {
  const key = /^Bearer (\S+)$/.exec(String(header ?? ""))?.[1];
  if (!key) {
    return apiError(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
    );
  }
  if (!/^(sk-|ek_)/.test(key)) {
    return apiError(
      401,
      `Incorrect API key provided: ${key.slice(0, 4)}*****${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      {
        code: "invalid_api_key",
      },
    );
  }
  return undefined;
}

const scriptedErrors = {
  400: ["invalid_request_error", "Bad request", null],
  401: [
    "invalid_request_error",
    "Incorrect API key provided: sk-test*****************1234. You can find your API key at https://platform.openai.com/account/api-keys.",
    "invalid_api_key",
  ],
  403: ["permission_error", "Permission denied", null],
  404: ["invalid_request_error", "Not found", null],
  429: ["rate_limit_error", "Rate limit reached for requests", null],
  500: ["server_error", "The server had an error while processing your request.", null],
};

/** The body of a scripted failure (`{ status }` in POST /__fake/next without a `body`). */
export function scriptedErrorBody(status) {
  const [type, message, code] = scriptedErrors[status] ?? ["server_error", `Error ${status}`, null];
  return { error: { message, type, param: null, code } };
}
