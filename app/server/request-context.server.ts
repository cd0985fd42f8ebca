import { AsyncLocalStorage } from "node:async_hooks";
import { toBase64 } from "./base64.server";

// Per-request facts every server module may need without threading them through calls:
// the request id (on every response and every log line) and the CSP nonce.
export type RequestContext = { requestId: string; nonce: string };

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function newRequestContext(): RequestContext {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return { requestId: crypto.randomUUID(), nonce: toBase64(bytes) };
}
