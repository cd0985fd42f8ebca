import { Validator } from "@cfworker/json-schema";
import { expect } from "vitest";
import { get, postForm, subscribe } from "./helpers";

// The developer API as a client sees it: a subscriber with a key made on the dashboard, JSON
// calls with that key, and every answer checked against the OpenAPI document the API serves.

/** A subscriber of the plan who created an API key on the dashboard (the form, as a browser posts it). */
export async function apiSubscriber(plan = "pro") {
  const account = await subscribe(plan);
  const key = await createKeyOnDashboard(account.cookie, "integration tests");
  return { ...account, key };
}

export async function createKeyOnDashboard(cookie: string, name: string): Promise<string> {
  const response = await postForm("/dashboard", { intent: "create-key", name }, { cookie });
  const html = await response.text();
  const secret = html.match(/value="(cf_live_[A-Za-z0-9_-]+)"/)?.[1];
  if (response.status !== 200 || !secret) throw new Error(`creating a key answered ${response.status}`);
  return secret;
}

type CallOptions = { key?: string; body?: unknown; rawBody?: string; form?: FormData; headers?: Record<string, string>; method?: string };

/** A call to /api/v1/<path> as curl sends it (no Origin, no cookie), validated against the OpenAPI document. */
export async function callApi(path: string, { key, body, rawBody, form, headers = {}, method }: CallOptions = {}) {
  const hasBody = body !== undefined || rawBody !== undefined || form !== undefined;
  const response = await get(`/api/v1/${path}`, {
    method: method ?? (hasBody ? "POST" : "GET"),
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      // FormData sets its own multipart content type with the boundary.
      ...(hasBody && !form ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: form ?? rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  await expectMatchesOpenApi(path, method ?? (hasBody ? "POST" : "GET"), response, text);
  const type = response.headers.get("content-type") ?? "";
  const json = type.includes("json") && text ? JSON.parse(text) : undefined;
  return { response, status: response.status, headers: response.headers, text, json };
}

let document: any;
export const contractChecks = { count: 0 };

/** The response's body must match the schema the OpenAPI document gives for its path, method, status and type. */
export async function expectMatchesOpenApi(path: string, method: string, response: Response, text: string) {
  document ??= await (await get("/api/v1/openapi.json")).json();
  // A templated path (/reports/{id}) matches any value of its parameters.
  const template = Object.keys(document.paths).find((candidate) =>
    new RegExp(`^${candidate.replace(/\{\w+\}/g, "[^/]+")}$`).test(`/${path}`),
  );
  const operation = template ? document.paths[template]?.[method.toLowerCase()] : undefined;
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  // Unknown paths and methods are documented as problems of their own kind, not per operation.
  if (!operation) {
    expect(type, `${method} /${path}`).toBe("application/problem+json");
    expect(JSON.parse(text).status).toBe(response.status);
    contractChecks.count += 1;
    return;
  }
  const schema = operation.responses[String(response.status)]?.content?.[type]?.schema;
  expect(schema, `OpenAPI documents ${method} /${path} → ${response.status} ${type}`).toBeDefined();
  const instance = type === "text/event-stream" ? text : method === "HEAD" ? undefined : JSON.parse(text);
  if (instance === undefined) return;
  const result = new Validator(schema, "2020-12", false).validate(instance);
  expect(result.errors, `${method} /${path} → ${response.status}: ${text.slice(0, 300)}`).toEqual([]);
  contractChecks.count += 1;
}

/** The Server-Sent Events of a stream, in order. */
export function sseEvents(text: string): { event: string; data: any }[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const event = block.match(/^event: (.*)$/m)?.[1] ?? "message";
      const data = JSON.parse(block.match(/^data: (.*)$/m)?.[1] ?? "null");
      return { event, data };
    });
}

/** A multipart form as curl -F sends it: text fields, and files as { bytes, name, type }. */
export function multipart(fields: Record<string, string | { bytes: Uint8Array; name: string; type: string }>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([value.bytes as BlobPart], { type: value.type }), value.name);
  }
  return form;
}
