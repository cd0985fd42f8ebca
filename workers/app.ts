import { createRequestHandler, RouterContextProvider } from "react-router";
import { crossSiteRejection } from "../app/server/cross-site.server";
import { describeError, log } from "../app/server/log.server";
import { newRequestContext, runWithRequestContext } from "../app/server/request-context.server";
import { paymentRedirectOrigins } from "../app/server/billing/config.server";
import { discardUnreadBody } from "../app/server/request-body/body-bytes.server";
import { applySecurityHeaders } from "../app/server/security-headers.server";
import { hasSessionCookie, signedInHintCookies } from "../app/server/account/sessions.server";
import { sweepExpiredData } from "../app/server/workspace/retention-sweep.server";
import { sharedPage, sharedPageKey } from "../app/server/shared-pages.server";
import { cloudflareContext, nonceContext } from "../app/server/router-context.server";

export { DemoRateLimiter } from "../app/server/limits/demo-rate-limiter.server";
export { ConversationTurn } from "../app/server/conversations/conversation-turn.server";

const serverBuild = () => import("virtual:react-router/server-build");
const requestHandler = createRequestHandler(serverBuild, import.meta.env.MODE);

// A thin adapter: give each request an id and a CSP nonce, hand it to React Router,
// and put the security headers and the request id on whatever comes back.
export default {
  async fetch(request, env, ctx) {
    const context = newRequestContext();
    return runWithRequestContext(context, async () => {
      const started = Date.now();
      const { pathname } = new URL(request.url);
      let response: Response;
      const render = (nonce: string) => {
        const routerContext = new RouterContextProvider();
        routerContext.set(cloudflareContext, { env, ctx });
        routerContext.set(nonceContext, nonce);
        return requestHandler(request, routerContext);
      };
      try {
        // The 404 page and /pricing are the same for every visitor: rendered once per isolate (shared-pages.server.ts).
        const shared = import.meta.env.DEV ? undefined : sharedPageKey(request, await serverBuild());
        response = crossSiteRejection(request) ?? (shared ? await sharedPage(shared, context.nonce, render) : await render(context.nonce));
      } catch (error) {
        log("error", "unhandled error", describeError(error));
        response = new Response("Unexpected Server Error", { status: 500 });
      }
      // The connection must stay usable for the client's next request (app/server/request-body/body-bytes.server.ts).
      await discardUnreadBody(request);
      // Responses from fetch() or caches have immutable headers: copy before decorating.
      response = new Response(response.body, response);
      applySecurityHeaders(response.headers, {
        // Generated media is not a page: it gets the static files' script-free policy.
        nonce: pathname.startsWith("/media/") ? undefined : context.nonce,
        formActionOrigins: paymentRedirectOrigins(),
        development: import.meta.env.DEV,
      });
      // A signed-in person's pages show their account (the navbar at least): no shared cache may keep them.
      if (hasSessionCookie(request) && !response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
      for (const cookie of signedInHintCookies(request, response.headers)) response.headers.append("Set-Cookie", cookie);
      response.headers.set("X-Request-Id", context.requestId);
      log("info", "request", {
        method: request.method,
        path: pathname,
        status: response.status,
        ms: Date.now() - started,
      });
      return response;
    });
  },
  // The Cron Trigger (wrangler.toml [triggers]): retention, in bounded batches (retention-sweep.server.ts).
  async scheduled() {
    await runWithRequestContext(newRequestContext(), () => sweepExpiredData());
  },
} satisfies ExportedHandler<Env>;
