import { createContext } from "react-router";

// What the Worker hands React Router with each request (workers/app.ts), typed: loaders, actions,
// middleware and entry.server.tsx read them with `context.get(…)`.

/** The Worker's bindings and execution context (`ctx.waitUntil` for work after the response). */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();

/** This response's CSP nonce, put on every inline script the page renders. */
export const nonceContext = createContext<string>();
