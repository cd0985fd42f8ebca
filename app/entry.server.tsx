import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./components/nonce";
import { hydrateAfterFirstPaint } from "./server/hydrate-after-paint.server";
import { describeError, log } from "./server/log.server";
import { nonceContext } from "./server/router-context.server";

declare global {
  interface ImportMetaEnv {
    /** Set by vite.config.ts: true in builds, absent in the dev server and the integration tests. */
    readonly HYDRATE_AFTER_FIRST_PAINT?: boolean;
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let shellRendered = false;
  const nonce = loadContext.get(nonceContext);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while rendering the shell reject and are logged by React Router itself.
        if (shellRendered) log("error", "render error", describeError(error));
      },
    },
  );
  shellRendered = true;

  // Crawlers and no-JavaScript audits get the complete document in one piece.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const page = new Response(body, { headers: responseHeaders, status: responseStatusCode });
  if (!import.meta.env.HYDRATE_AFTER_FIRST_PAINT) return page;
  // The page's JavaScript loads after its first paint (hydrate-after-paint.server.ts).
  return hydrateAfterFirstPaint(page, (problem) =>
    log("error", "hydration not deferred", { problem, path: new URL(request.url).pathname }),
  );
}
