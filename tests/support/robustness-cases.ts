// Generated bad requests against every action and resource route: each must get a 4xx with a
// clear message and no stack trace — never a 5xx. Documented exceptions are named where they are
// generated. The cases are plain data, so the same list runs inside workerd
// (tests/integration/robustness.test.ts) and over real HTTP with keep-alive connections against
// the built server (tests/e2e/keep-alive.spec.ts).

import { concatBytes } from "../../app/server/media/concat-bytes.server";

/** A body as bytes on the wire; `chunks` is sent streamed, without Content-Length. */
export type CaseBody = string | Uint8Array | { chunks: string[] };
export type CaseRequest = { method: string; path: string; headers: Record<string, string>; body?: CaseBody };
export type RobustnessCase = { name: string; request: CaseRequest; expect: (status: number) => boolean; documented?: string };

/** The Origin of the pages the cases come from; each runner sends them to its own server. */
export const origin = "http://127.0.0.1";

/** Each case gets its own client address, so the demo rate limit of one never touches another. */
let clientCounter = 0;
function freshClient(): Record<string, string> {
  clientCounter += 1;
  return { "cf-connecting-ip": `203.0.113.${clientCounter % 250}-robust-${clientCounter}` };
}

const boundary = "robustness-boundary-7f3a";
/** A multipart/form-data body; a field given as { file } is a file part. */
function multipart(fields: Record<string, string | { file: string; type: string; content: string }>): string {
  const parts = Object.entries(fields).map(([name, value]) =>
    typeof value === "string"
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.file}"\r\nContent-Type: ${value.type}\r\n\r\n${value.content}\r\n`,
  );
  return `${parts.join("")}--${boundary}--\r\n`;
}

type FormRoute = {
  path: string;
  valid: Record<string, string>;
  /** Fields whose blank or oversized value must be refused, with their limits. */
  texts: Record<string, number>;
  /** Fields with a fixed set of values. */
  enums: string[];
  /** The required main text field, when it is not `text`. */
  main?: string;
};

const formRoutes: FormRoute[] = [
  { path: "/ai-detector", valid: { text: "A short paragraph to analyze." }, texts: { text: 10_000 }, enums: [] },
  { path: "/ai-humanizer", valid: { text: "Text to humanize.", tone: "casual" }, texts: { text: 10_000 }, enums: ["tone"] },
  {
    path: "/ai-writer",
    valid: { type: "blog", keywords: "a, b", text: "A topic" },
    texts: { text: 2_000, keywords: 500 },
    enums: ["type"],
  },
  // Sliders are optional (absent means the default, spec §5), so only text and voice are required.
  { path: "/voiceover-ai", valid: { text: "Hello there.", voice: "ava" }, texts: { text: 4_096 }, enums: ["voice"] },
  {
    path: "/imagine-ai",
    valid: { style: "sketch", size: "1024x1024", prompt: "A lighthouse" },
    texts: { prompt: 1_000 },
    enums: ["style", "size"],
    main: "prompt",
  },
  // The chat form carries its history as JSON (last 20 messages); its body limit is 1 MiB.
  {
    path: "/conversational-ai",
    valid: { message: "Hello there", assistant: "general", tone: "friendly", history: "[]" },
    texts: { message: 4_000 },
    enums: ["assistant", "tone"],
    main: "message",
  },
  // The sign-in form; a unique address, so the per-address limit never turns a valid request into a 429.
  { path: "/sign-in", valid: { email: `robust-${Date.now()}@example.com` }, texts: { email: 254 }, enums: [], main: "email" },
  {
    path: "/api/chat",
    valid: { message: "Hello there", assistant: "general", tone: "friendly", history: "[]" },
    texts: { message: 4_000 },
    enums: ["assistant", "tone"],
    main: "message",
  },
];

const is4xx = (status: number) => status >= 400 && status < 500;
const cases: RobustnessCase[] = [];

/** A request with our own Origin and a client address of its own, as a browser on our page sends it. */
function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: CaseBody }): CaseRequest {
  return { method: init.method ?? "POST", path, headers: { origin, ...freshClient(), ...init.headers }, body: init.body };
}

/** A same-origin form POST. */
function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): CaseRequest {
  return {
    method: "POST",
    path,
    headers: { "content-type": "application/x-www-form-urlencoded", origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

// What every form route refuses of a request no page of ours sends.
const jsonBody = (path: string, body: string): RobustnessCase => ({
  name: `${path} JSON body`,
  request: raw(path, { headers: { "content-type": "application/json" }, body }),
  expect: (status) => status === 415,
});
const otherMethod = (path: string, method: string, body: string): RobustnessCase => ({
  name: `${path} method ${method}`,
  request: raw(path, { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body }),
  expect: (status) => status === 405,
});
const crossSite = (path: string, fields: Record<string, string>): RobustnessCase => ({
  name: `${path} cross-site`,
  request: postForm(path, fields, { origin: "https://evil.example" }),
  expect: (status) => status === 403,
});

function get(path: string, headers: Record<string, string> = {}): CaseRequest {
  return { method: "GET", path, headers };
}

for (const route of formRoutes) {
  const { path, valid } = route;
  for (const [field, limit] of Object.entries(route.texts)) {
    for (const blank of ["", " ", "\n\t  \r\n", "\u00a0\u2003"]) {
      // An empty optional field (keywords) is valid: only the required text must be refused.
      if (field !== (route.main ?? "text")) continue;
      cases.push({
        name: `${path} blank ${field} ${JSON.stringify(blank)}`,
        request: postForm(path, { ...valid, [field]: blank }, freshClient()),
        expect: is4xx,
      });
    }
    cases.push({
      name: `${path} ${field} one over the limit`,
      request: postForm(path, { ...valid, [field]: "x".repeat(limit + 1) }, freshClient()),
      expect: is4xx,
    });
    cases.push({
      name: `${path} ${field} ten times the limit`,
      request: postForm(path, { ...valid, [field]: "y ".repeat(limit * 5) }, freshClient()),
      expect: is4xx,
    });
  }
  for (const field of Object.keys(valid)) {
    if (field === "keywords" || field === "history") continue; // optional by design: no keywords, a first message
    const { [field]: _dropped, ...rest } = valid;
    cases.push({ name: `${path} missing ${field}`, request: postForm(path, rest, freshClient()), expect: is4xx });
  }
  for (const field of route.enums) {
    for (const bad of ["unknown", "", "CASUAL", "blog ", "../../etc/passwd", "<script>", "0", "null"]) {
      cases.push({
        name: `${path} ${field}=${JSON.stringify(bad)}`,
        request: postForm(path, { ...valid, [field]: bad }, freshClient()),
        expect: is4xx,
      });
    }
  }
  cases.push({
    name: `${path} body over 1 MB`,
    request: postForm(path, { ...valid, text: "z".repeat(1_100_000) }, freshClient()),
    expect: (status) => status === 413,
  });
  cases.push({
    name: `${path} body over 1 MB without Content-Length (streamed)`,
    request: raw(path, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: { chunks: Array.from({ length: 20 }, () => `text=${"s".repeat(60_000)}`) },
    }),
    expect: (status) => status === 413,
  });
  for (const type of ["application/json", "text/plain", "application/xml", "text/html", "application/octet-stream", "image/png"]) {
    cases.push({
      name: `${path} content type ${type}`,
      request: raw(path, { headers: { "content-type": type }, body: JSON.stringify(valid) }),
      expect: (status) => status === 415,
    });
  }
  cases.push({ name: `${path} no content type`, request: raw(path, { body: "text=hello" }), expect: (status) => status === 415 });
  cases.push({
    name: `${path} JSON body claiming to be a form`,
    request: raw(path, { headers: { "content-type": "application/x-www-form-urlencoded" }, body: JSON.stringify(valid) }),
    expect: is4xx,
  });
  cases.push({
    name: `${path} malformed multipart`,
    request: raw(path, { headers: { "content-type": "multipart/form-data; boundary=xyz" }, body: "--abc\r\nbroken" }),
    expect: is4xx,
  });
  cases.push({
    name: `${path} multipart without boundary`,
    request: raw(path, { headers: { "content-type": "multipart/form-data" }, body: "text=hi" }),
    expect: is4xx,
  });
  cases.push({
    name: `${path} a file where text belongs`,
    request: raw(path, {
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: multipart({ ...valid, text: { file: "hello.txt", type: "text/plain", content: "hello" } }),
    }),
    expect: is4xx,
  });
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    cases.push({
      name: `${path} method ${method}`,
      request: raw(path, {
        method,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(valid).toString(),
      }),
      expect: (status) => status === 405,
    });
  }
  for (const foreign of ["https://evil.example", "http://127.0.0.1.evil.example", "null", "http://localhost"]) {
    cases.push({
      name: `${path} cross-site POST from ${foreign}`,
      request: postForm(path, valid, { origin: foreign }),
      expect: (status) => status === 403,
    });
  }
  cases.push({
    name: `${path} cross-site POST without Origin but Sec-Fetch-Site: cross-site`,
    request: {
      method: "POST",
      path,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams(valid).toString(),
    },
    expect: (status) => status === 403,
  });
  // Documented: a repeated field counts once (its first value), so the request is served normally.
  cases.push({
    name: `${path} duplicated fields with a blank first value`,
    request: raw(path, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `${route.main ?? "text"}=&${new URLSearchParams(valid)}`,
    }),
    expect: is4xx,
  });
  cases.push({
    name: `${path} duplicated fields, first value valid`,
    request: raw(path, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `${new URLSearchParams(valid)}&text=${"x".repeat(20_000)}`,
    }),
    expect: (status) => status === 200,
    documented: "the first value of a repeated field counts",
  });
  // Documented: bytes that are not UTF-8 decode to U+FFFD, like every browser form; the text is then served normally.
  cases.push({
    name: `${path} invalid UTF-8 in a field`,
    request: raw(path, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `${new URLSearchParams(valid)}&extra=%FF%FE%C3%28`.replace("text=", "text=%C3%28%A0"),
    }),
    expect: (status) => status === 200 || is4xx(status),
    documented: "invalid UTF-8 decodes to U+FFFD",
  });
  cases.push({
    name: `${path} raw invalid UTF-8 bytes`,
    request: raw(path, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new Uint8Array([0x74, 0x65, 0x78, 0x74, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
    }),
    expect: (status) => status === 200 || is4xx(status),
    documented: "invalid UTF-8 decodes to U+FFFD",
  });
}

// The chat history must be well-formed JSON of bounded messages.
for (const history of [
  "not json",
  "{}",
  '[{"role":"robot","content":"x","id":"1"}]',
  `[{"role":"user","content":"${"h".repeat(4_001)}","id":"1"}]`,
  '[{"role":"user","id":"1"}]',
  '[{"role":"user","content":"x","id":"../1"}]',
  "[1,2,3]",
  "null",
]) {
  for (const path of ["/conversational-ai", "/api/chat"]) {
    cases.push({
      name: `${path} history ${history.slice(0, 40)}`,
      request: postForm(path, { message: "Hi", assistant: "general", tone: "friendly", history }, freshClient()),
      expect: is4xx,
    });
  }
}

// Files on chat messages: bytes no reader takes, a name promising another type, cut-short files,
// and carried refs that name nothing of the caller's.
const chatChoices = { message: "Hi", assistant: "general", tone: "friendly" };
for (const [name, file] of [
  ["binary bytes", { file: "data.bin", type: "application/octet-stream", content: "\u0000\u0001\u0002binary" }],
  ["a PDF header and nothing else", { file: "cut.pdf", type: "application/pdf", content: "%PDF-1.7\n" }],
  ["an empty file", { file: "empty.txt", type: "text/plain", content: "" }],
  ["a GIF header only", { file: "cut.gif", type: "image/gif", content: "GIF89a" }],
  ["text named .docx", { file: "essay.docx", type: "text/plain", content: "not a zip" }],
] as [string, { file: string; type: string; content: string }][]) {
  for (const path of ["/conversational-ai", "/api/chat"]) {
    cases.push({
      name: `${path} file: ${name}`,
      request: raw(path, {
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        body: multipart({ ...chatChoices, files: file }),
      }),
      expect: (status) => status === 400,
    });
  }
}
for (const attached of ["{", '[{"id":"x"}]', `[{"id":"${"a".repeat(32)}","kind":"document","name":"n","bytes":1,"words":1}]`]) {
  for (const path of ["/conversational-ai", "/api/chat"]) {
    cases.push({
      name: `${path} attached ${attached.slice(0, 30)}`,
      request: postForm(path, { ...chatChoices, attached }, freshClient()),
      expect: (status) => status === 400,
    });
  }
}

// Detection reports: the text is the detector form's; an owner's actions are three intents; ids and
// share tokens that name nothing are the same 404 as a stranger's.
for (const [name, fields] of [
  ["blank text", { text: " \n\t " }],
  ["missing text", {}],
  ["text one over the limit", { text: "x".repeat(10_001) }],
] as [string, Record<string, string>][]) {
  cases.push({ name: `/reports ${name}`, request: postForm("/reports", fields, freshClient()), expect: (status) => status === 400 });
}
cases.push(jsonBody("/reports", '{"text":"hello"}'));
cases.push({
  // A long document's report may bring 200,000 characters and their sections: about 1.9 MB.
  name: "/reports body over 2 MB",
  request: postForm("/reports", { text: "z".repeat(2_000_000) }, freshClient()),
  expect: (status) => status === 413,
});
cases.push(crossSite("/reports", { text: "Some text." }));
cases.push(otherMethod("/reports", "PUT", "text=hi"));
for (const intent of ["", "publish", "SHARE", "delete "]) {
  cases.push({
    name: `/reports/<id> intent=${JSON.stringify(intent)}`,
    request: postForm(`/reports/${"0".repeat(32)}`, { intent }),
    expect: (status) => status === 400,
  });
}
for (const path of [
  `/reports/${"0".repeat(32)}`,
  "/reports/../../etc/passwd",
  "/reports/%00",
  `/reports/${"0".repeat(32)}/report.pdf`,
  `/reports/${"0".repeat(32)}/secrets.txt`,
  `/r/${"A".repeat(43)}`,
  "/r/<script>",
  `/r/${"A".repeat(43)}/report.pdf`,
  `/r/${"A".repeat(43)}/receipt.json`,
]) {
  cases.push({ name: `GET ${path}`, request: get(path), expect: (status) => status === 404 });
}
cases.push({
  name: "/reports/<id> share without an owner",
  request: postForm(`/reports/${"0".repeat(32)}`, { intent: "share" }),
  expect: (status) => status === 404,
});
cases.push({
  name: "/r/<token> POST",
  request: postForm(`/r/${"A".repeat(43)}`, { intent: "delete" }),
  expect: (status) => status === 405 || status === 404,
});

// Chat sharing (docs/decisions/049): Share needs a plan and a readable conversation; Revoke an owner
// and the one intent; a link that names nothing is a 404.
for (const [name, fields, status] of [
  ["share as a visitor", { intent: "share", history: '[{"role":"user","content":"x"}]' }, 403],
  ["share a history that is not JSON", { intent: "share", history: "{nope" }, 403],
  ["edit blank", { intent: "edit", edited: " ", history: '[{"role":"user","content":"x"}]', assistant: "general", tone: "friendly" }, 400],
  ["edit without a question", { intent: "edit", edited: "x", history: "[]", assistant: "general", tone: "friendly" }, 400],
  ["temporary=yes", { message: "Hi", temporary: "yes", assistant: "general", tone: "friendly", history: "[]" }, 400],
] as [string, Record<string, string>, number][]) {
  const path = name.startsWith("share") ? "/conversational-ai?share" : "/conversational-ai";
  cases.push({ name: `${path} ${name}`, request: postForm(path, fields, freshClient()), expect: (got) => got === status });
}
for (const path of [`/shared/chat/${"A".repeat(43)}`, "/shared/chat/<script>", "/shared/chat/%00", `/shared/chat/${"A".repeat(44)}`]) {
  cases.push({ name: `GET ${path}`, request: get(path), expect: (status) => status === 404 });
}
for (const [intent, status] of [
  ["revoke", 401],
  ["", 400],
  ["REVOKE", 400],
  ["delete", 400],
] as [string, number][]) {
  cases.push({
    name: `/shared/chat/<token> intent=${JSON.stringify(intent)} signed out`,
    request: postForm(`/shared/chat/${"A".repeat(43)}`, { intent }),
    expect: (got) => got === status,
  });
}

// Checkout: unknown plans and methods are refused before Stripe is asked anything.
for (const [plan, method] of [
  ["gold", "card"],
  ["pro", "cash"],
  ["", "card"],
  ["pro", ""],
  ["PRO", "card"],
  ["pro", "card "],
  ["../pro", "ach"],
  ["startup", "wire"],
]) {
  cases.push({
    name: `/payment-methods plan=${JSON.stringify(plan)} method=${JSON.stringify(method)}`,
    request: postForm("/payment-methods", { plan: plan!, method: method! }),
    expect: is4xx,
  });
}
cases.push({ name: "/payment-methods missing fields", request: postForm("/payment-methods", {}), expect: is4xx });
cases.push(jsonBody("/payment-methods", '{"plan":"pro","method":"card"}'));
cases.push(crossSite("/payment-methods", { plan: "pro", method: "card" }));
for (const intent of ["", "delete-account", "manage-billing ", "SIGN-OUT"]) {
  cases.push({ name: `/dashboard intent=${JSON.stringify(intent)}`, request: postForm("/dashboard", { intent }), expect: is4xx });
}
cases.push({
  name: "/dashboard manage billing without a session",
  request: postForm("/dashboard", { intent: "manage-billing" }),
  expect: (status) => status === 401,
});

// The confirm button of a sign-in link: a missing, blank, oversized or unknown token is a 4xx page.
for (const token of [undefined, "", " ", "x".repeat(201), "A".repeat(43), "../../etc/passwd", "<script>", "%00"]) {
  cases.push({
    name: `/sign-in/confirm token=${JSON.stringify(token?.slice(0, 20))}`,
    request: postForm("/sign-in/confirm", token === undefined ? {} : { token }),
    expect: is4xx,
  });
}
cases.push(jsonBody("/sign-in/confirm", '{"token":"x"}'));
cases.push(otherMethod("/sign-in/confirm", "PUT", "token=x"));
cases.push(crossSite("/sign-in/confirm", { token: "A".repeat(43) }));

// Signing out: this-device or all-devices, from our own pages only.
for (const scope of [undefined, "", "everything", "ALL-DEVICES", "this-device ", "<script>"]) {
  cases.push({
    name: `/sign-out scope=${JSON.stringify(scope)}`,
    request: postForm("/sign-out", scope === undefined ? {} : { scope }),
    expect: is4xx,
  });
}
cases.push(jsonBody("/sign-out", '{"scope":"all-devices"}'));
cases.push(otherMethod("/sign-out", "DELETE", "scope=all-devices"));
for (const foreign of ["https://evil.example", "null"]) {
  cases.push({
    name: `/sign-out cross-site from ${foreign}`,
    request: postForm("/sign-out", { scope: "all-devices" }, { origin: foreign }),
    expect: (status) => status === 403,
  });
}

// Forged, tampered or malformed session cookies (and the retired subscriber cookie) are ignored:
// the visitor is treated as a guest.
const forgedCookies = [
  "__Host-session=forged",
  "__Host-session=",
  "__Host-session=ImlkIg.AAAA",
  "__Host-session=ImlkIg%3D%3D.c2lnbmF0dXJl",
  `__Host-session=${"a".repeat(8_000)}`,
  "__Host-session=%E0%A4%A",
  "__Host-session=a.b.c.d",
  "__Host-session=null; __Host-session=undefined",
  "__Host-subscriber=forged",
  "__Host-subscriber=",
  "__Host-subscriber=eyJjdXN0b21lcklkIjoiY3VzXzEifQ.AAAA",
  "__Host-subscriber=eyJjdXN0b21lcklkIjoiY3VzXzEiLCJleHAiOjk5OTk5OTk5OTl9.c2lnbmF0dXJl",
  `__Host-subscriber=${"a".repeat(8_000)}`,
  "__Host-subscriber=%E0%A4%A",
  "__Host-subscriber=a.b.c.d",
  "__Host-subscriber=null; __Host-subscriber=undefined",
];
for (const cookie of forgedCookies) {
  cases.push({
    name: `GET /dashboard with cookie ${cookie.slice(0, 50)}`,
    request: get("/dashboard", { cookie }),
    expect: (status) => status === 200,
    documented: "an invalid session is no session: the guest dashboard",
  });
  cases.push({
    name: `POST /ai-detector with cookie ${cookie.slice(0, 50)}`,
    request: postForm("/ai-detector", { text: "Some text." }, { cookie, ...freshClient() }),
    expect: (status) => status === 200,
    documented: "an invalid session is no session: the demo limits apply",
  });
}

// The Stripe webhook: a signature over the raw body is required.
const webhookBody = JSON.stringify({ id: "evt_forged", type: "customer.subscription.updated", created: 1, data: { object: {} } });
const webhookCases: [string, Record<string, string>, CaseBody][] = [
  ["no signature", {}, webhookBody],
  ["empty signature", { "stripe-signature": "" }, webhookBody],
  ["garbage signature", { "stripe-signature": "nonsense" }, webhookBody],
  ["forged v1 signature", { "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` }, webhookBody],
  ["stale timestamp", { "stripe-signature": `t=1,v1=${"a".repeat(64)}` }, webhookBody],
  ["not JSON", { "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"b".repeat(64)}` }, "{{{{"],
  ["invalid UTF-8", { "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"c".repeat(64)}` }, new Uint8Array([0xff, 0xfe, 0x00])],
  ["over 512 KB", { "stripe-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"d".repeat(64)}` }, "x".repeat(600_000)],
];
for (const [name, headers, body] of webhookCases) {
  cases.push({
    name: `/webhooks/stripe ${name}`,
    request: { method: "POST", path: "/webhooks/stripe", headers: { "content-type": "application/json", ...headers }, body },
    expect: is4xx,
  });
}
for (const method of ["GET", "PUT", "DELETE"]) {
  cases.push({
    name: `/webhooks/stripe method ${method}`,
    request: { method, path: "/webhooks/stripe", headers: {}, ...(method === "GET" ? {} : { body: webhookBody }) },
    expect: (status) => status === 405,
  });
}

// Routes without an action refuse state-changing methods.
for (const path of [
  "/",
  "/terms",
  "/privacy-policy",
  "/refund-policy",
  "/success",
  "/cancel",
  "/pricing",
  "/dashboard",
  "/docs/api",
  "/payment-methods",
  "/healthz",
  "/chat-ai",
  "/no-such-page",
]) {
  for (const method of ["POST", "PUT", "DELETE"]) {
    cases.push({
      name: `${path} method ${method}`,
      request: raw(path, { method, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=b" }),
      expect: is4xx,
    });
  }
}

// The developer API: whatever arrives, a 4xx problem document (api.test.ts covers the keyed cases).
const apiBodies: [name: string, contentType: string, body: string][] = [
  ["empty JSON", "application/json", ""],
  ["malformed JSON", "application/json", "{not json"],
  ["a JSON array", "application/json", "[]"],
  ["a form", "application/x-www-form-urlencoded", "text=hello"],
  ["too large", "application/json", JSON.stringify({ text: "x".repeat(70_000) })],
];
const apiKeys = ["", "Bearer", "Bearer cf_live_", "Bearer cf_live_" + "a".repeat(300), "Basic Y2ZfbGl2ZV94", "Bearer cf_live_unknown"];
for (const endpoint of ["detect", "humanize", "write", "speech", "images", "images/edits", "chat", "usage", "nope", "openapi.json"]) {
  for (const [name, contentType, body] of apiBodies) {
    for (const authorization of apiKeys) {
      cases.push({
        name: `/api/v1/${endpoint} ${name} with authorization ${JSON.stringify(authorization.slice(0, 24))}`,
        request: raw(`/api/v1/${endpoint}`, {
          method: "POST",
          headers: { "content-type": contentType, ...(authorization ? { authorization } : {}) },
          body,
        }),
        expect: is4xx,
      });
    }
  }
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    cases.push({ name: `/api/v1/${endpoint} method ${method}`, request: raw(`/api/v1/${endpoint}`, { method }), expect: is4xx });
  }
}
// The dashboard's key forms without a session, or with keys that are not ours.
const keyForms: Record<string, string>[] = [
  { intent: "create-key", name: "x" },
  { intent: "create-key" },
  { intent: "revoke-key", keyId: "not-a-uuid" },
  { intent: "revoke-key" },
];
for (const fields of keyForms) {
  cases.push({ name: `/dashboard ${JSON.stringify(fields)} without a session`, request: postForm("/dashboard", fields), expect: is4xx });
}
// The image editor's upload (multipart, 10 MB): files judged by their bytes, never by their name.
const editPath = "/imagine-ai?mode=edit";
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG header declaring a size (CRCs left zero: nothing may get as far as checking them). */
function pngHeader(width: number, height: number, tail: number[] = []): Uint8Array {
  const ihdr = [0, 0, 0, 13, ...[..."IHDR"].map((c) => c.charCodeAt(0)), ...u32(width), ...u32(height), 8, 6, 0, 0, 0, 0, 0, 0, 0];
  return new Uint8Array([...pngSignature, ...ihdr, ...tail]);
}
function u32(value: number): number[] {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}
const iend = [0, 0, 0, 0, ...[..."IEND"].map((c) => c.charCodeAt(0)), 0, 0, 0, 0];
/** A multipart body with binary file parts. */
function binaryMultipart(fields: Record<string, string | { file: string; type: string; bytes: Uint8Array }>): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string")
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    else {
      parts.push(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.file}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
      );
      parts.push(value.bytes, encoder.encode("\r\n"));
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  return concatBytes(parts);
}
const editFields = { prompt: "warmer", size: "square" };
const editUploads: [string, { file: string; type: string; bytes: Uint8Array }][] = [
  ["a text file named .png", { file: "photo.png", type: "image/png", bytes: new TextEncoder().encode("just some text") }],
  ["an empty file", { file: "photo.png", type: "image/png", bytes: new Uint8Array(0) }],
  ["a decompression bomb (60000 × 60000 declared)", { file: "bomb.png", type: "image/png", bytes: pngHeader(60_000, 60_000, iend) }],
  ["a PNG cut short after its header", { file: "cut.png", type: "image/png", bytes: pngHeader(64, 64) }],
  ["a PNG with no image data", { file: "empty.png", type: "image/png", bytes: pngHeader(64, 64, iend) }],
  ["a GIF", { file: "anim.gif", type: "image/gif", bytes: new TextEncoder().encode("GIF89a\x01\x00\x01\x00") }],
  ["a JPEG without its end", { file: "cut.jpg", type: "image/jpeg", bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]) }],
  [
    "an SVG named .webp",
    { file: "x.webp", type: "image/webp", bytes: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>") },
  ],
];
for (const [name, image] of editUploads) {
  cases.push({
    name: `${editPath} ${name}`,
    request: raw(editPath, {
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: binaryMultipart({ ...editFields, image }),
    }),
    expect: is4xx,
  });
}
for (const [name, fields] of [
  ["no image", editFields],
  ["an unknown stored image", { ...editFields, source: "0".repeat(32) }],
  ["a stored image id that is a path", { ...editFields, source: "../../wrangler.toml" }],
  ["blank prompt", { ...editFields, prompt: " ", source: "0".repeat(32) }],
  ["unreadable strokes", { ...editFields, source: "0".repeat(32), strokes: "[{" }],
  ["strokes out of range", { ...editFields, source: "0".repeat(32), strokes: '[{"size":5,"points":[[9,9]]}]' }],
  ["unknown fit", { ...editFields, source: "0".repeat(32), fit: "stretch" }],
] as const) {
  cases.push({
    name: `${editPath} ${name}`,
    request: raw(editPath, { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body: binaryMultipart(fields) }),
    expect: is4xx,
  });
}
cases.push({
  name: `${editPath} upload over 10 MB streamed`,
  request: raw(editPath, {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: { chunks: Array.from({ length: 12 }, () => "u".repeat(1024 * 1024)) },
  }),
  expect: (status) => status === 413,
});
// The same uploads to the developer API's edit endpoint, with and without a key that exists.
for (const [name, image] of editUploads) {
  for (const authorization of ["", "Bearer cf_live_unknown"]) {
    cases.push({
      name: `/api/v1/images/edits ${name} with authorization ${JSON.stringify(authorization)}`,
      request: raw("/api/v1/images/edits", {
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...(authorization ? { authorization } : {}) },
        body: binaryMultipart({ ...editFields, image }),
      }),
      expect: is4xx,
    });
  }
}
cases.push({
  name: "/api/v1/images/edits upload over 10 MB streamed",
  request: raw("/api/v1/images/edits", {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: "Bearer cf_live_unknown" },
    body: { chunks: Array.from({ length: 12 }, () => "u".repeat(1024 * 1024)) },
  }),
  expect: is4xx,
});
cases.push({
  name: `${editPath} forged multipart`,
  request: raw(editPath, {
    headers: { "content-type": "multipart/form-data; boundary=abc" },
    body: '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n',
  }),
  expect: is4xx,
});
cases.push({
  name: `${editPath} content type JSON`,
  request: raw(editPath, { headers: { "content-type": "application/json" }, body: "{}" }),
  expect: (status) => status === 415,
});

// Path traversal: nothing outside the built assets is ever served, and odd paths are a 404 page.
const traversals = [
  "..%2F..%2Fwrangler.toml",
  "%2e%2e/%2e%2e/package.json",
  "..%5c..%5cwrangler.toml",
  "....//....//etc/passwd",
  "%252e%252e%252fwrangler.toml",
  ".dev.vars",
  "..;/wrangler.toml",
  "%00",
  "%C0%AE%C0%AE/wrangler.toml",
  "server/index.js",
];
for (const prefix of ["/", "/assets/", "/media/"]) {
  for (const traversal of traversals) {
    cases.push({
      name: `GET ${prefix}${traversal}`,
      request: get(`${prefix}${traversal}`),
      expect: (status) => status === 404 || status === 400,
    });
  }
}

export const robustnessCases: readonly RobustnessCase[] = cases;
