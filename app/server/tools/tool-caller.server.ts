import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { accountContext } from "../account/account-middleware.server";
import { accountSubscriber, type Subscriber } from "../billing/subscriber.server";

/**
 * Who runs a tool, resolved once per request at the edge and passed down: a visitor spends the
 * demo allowance of their address (`email` when signed in without a plan); a subscriber signed in
 * on the site, or calling with an API key, spends their plan's quota and keeps results in their workspace.
 */
export type ToolCaller =
  | { kind: "visitor"; request: Request; email?: string }
  | { kind: "subscriber"; subscriber: Subscriber }
  | { kind: "api-key"; subscriber: Subscriber; keyId: string };

/**
 * The caller of this request, looked up at most once and only when asked (a page's GET never
 * touches the plan): set by the root middleware for the site, by the API middleware for a key.
 */
export const toolCallerContext = createContext<() => Promise<ToolCaller>>();

/** The caller the middleware found for this request. */
export const callerOf = (context: Readonly<RouterContextProvider>) => context.get(toolCallerContext)();

/**
 * The root middleware's second step (after the account's): a page's form or stream is run for the
 * signed-in account when its subscription is active or trialing; anyone else (signed out, no plan,
 * a lapsed plan) is a visitor.
 */
export const toolCallerMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  let caller: Promise<ToolCaller> | undefined;
  context.set(toolCallerContext, () => (caller ??= siteToolCaller(request, context.get(accountContext)?.email)));
  return next();
};

async function siteToolCaller(request: Request, email: string | undefined): Promise<ToolCaller> {
  const subscriber = email ? await accountSubscriber({ email }) : undefined;
  return subscriber?.entitled ? { kind: "subscriber", subscriber } : { kind: "visitor", request, ...(email ? { email } : {}) };
}

/** The account a caller acts for, signed in with or without a plan; undefined for a signed-out visitor. */
export const accountOf = (caller: ToolCaller) => (caller.kind === "visitor" ? caller.email : caller.subscriber.email);

/** Where a run's request came from, as its history item and log lines name it. */
export const channelOf = (caller: ToolCaller): "api" | "web" => (caller.kind === "api-key" ? "api" : "web");

/** The subscriber whose workspace keeps the caller's results; undefined for a visitor. */
export const ownerOf = (caller: ToolCaller) => (caller.kind === "visitor" ? undefined : caller.subscriber);
