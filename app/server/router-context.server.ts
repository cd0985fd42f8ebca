import { createContext, type RouterContextProvider } from "react-router";

// What the Worker hands React Router with each request (workers/app.ts), typed: loaders, actions,
// middleware and entry.server.tsx read them with `context.get(…)`.

/** The Worker's bindings and execution context (`ctx.waitUntil` for work after the response). */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();

/** This request's `ctx.waitUntil`: work that goes on after the response (a streamed reply, an export). */
export const waitUntilOf = (context: Readonly<RouterContextProvider>) => (work: Promise<unknown>) =>
  context.get(cloudflareContext).ctx.waitUntil(work);

/** This response's CSP nonce, put on every inline script the page renders. */
export const nonceContext = createContext<string>();
