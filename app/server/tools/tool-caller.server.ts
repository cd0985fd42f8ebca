import type { RouterContextProvider } from "react-router";
import { accountContext } from "../account/account-middleware.server";
import { accountSubscriber, type Subscriber } from "../billing/subscriber.server";

/**
 * Who runs a tool, resolved once per request at the edge and passed down: a visitor spends the
 * demo allowance of their address; a subscriber signed in on the site, or calling with an API key,
 * spends their plan's quota and keeps results in their workspace.
 */
export type ToolCaller =
  | { kind: "visitor"; request: Request }
  | { kind: "subscriber"; subscriber: Subscriber }
  | { kind: "api-key"; subscriber: Subscriber; keyId: string };

/**
 * The caller of a page's form or stream: the signed-in account the root middleware found, when its
 * subscription is active or trialing; anyone else (signed out, no plan, a lapsed plan) is a visitor.
 */
export async function siteToolCaller(request: Request, context: Readonly<RouterContextProvider>): Promise<ToolCaller> {
  const subscriber = await accountSubscriber(context.get(accountContext));
  return subscriber?.entitled ? { kind: "subscriber", subscriber } : { kind: "visitor", request };
}

/** Where a run's request came from, as its history item and log lines name it. */
export const channelOf = (caller: ToolCaller) => (caller.kind === "api-key" ? "api" : "web");

/** The subscriber whose workspace keeps the caller's results; undefined for a visitor. */
export const ownerOf = (caller: ToolCaller) => (caller.kind === "visitor" ? undefined : caller.subscriber);
