import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { type ShouldRevalidateFunctionArgs, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { SiteLayout } from "./components/layout/site-layout";
import { useNonce } from "./components/nonce";
import { SIGNED_IN_HINT_COOKIE } from "./shared/cookie-names";
import { demoSeenTools } from "~/shared/demo-seen";
import type { RootData } from "~/shared/root-data";
import { isPrerenderedPath } from "./content/static-pages";
import { company } from "./content/company";
import { accountContext, accountMiddleware } from "./server/account/account-middleware.server";
import { toolCallerMiddleware } from "./server/tools/tool-caller.server";
import { subscriberFor } from "./server/billing/subscriber.server";
import { describeError, log } from "./server/log.server";

export const links: Route.LinksFunction = () => [
  // One hashed, immutably cached file for every page. Inlined, its 12 KiB gzip made each document
  // 22 KiB, one round trip more than TCP's first 14.6 KB window (docs/decisions/012-one-linked-stylesheet.md).
  // Vitest does not process CSS, so there the URL is blank; an empty href would mean this page.
  ...(stylesheet ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [accountMiddleware, toolCallerMiddleware];

/**
 * Who is looking: the signed-in account for the navbar (resolved by the middleware), and whether
 * it has a plan (subscribers never see the demo modal).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const demoSeen = demoSeenTools(request.headers.get("cookie"));
  const session = context.get(accountContext);
  if (!session) return { account: null, subscriber: false, demoSeen };
  try {
    const subscriber = await subscriberFor(session.email);
    return { account: { email: session.email }, subscriber: Boolean(subscriber?.entitled), demoSeen };
  } catch (error) {
    // A page must never fail because the plan lookup did.
    log("error", "subscriber lookup failed", describeError(error));
    return { account: { email: session.email }, subscriber: false, demoSeen };
  }
}

/**
 * A prerendered page carries the root data of a visitor (it was rendered at build time). When a
 * browser with a session leaves one for a page the Worker renders, load the root data again, so
 * the account and its plan (no demo modal for subscribers) are known from then on.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (defaultShouldRevalidate) return true;
  const signedIn = typeof document !== "undefined" && document.cookie.split("; ").includes(`${SIGNED_IN_HINT_COOKIE}=1`);
  return signedIn && isPrerenderedPath(currentUrl.pathname) && !isPrerenderedPath(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#020617" />
        <Meta />
        <Links />
      </head>
      <body className="font-sans">
        {/* Without JavaScript the navbar never learns it scrolled: give it its frosted look. */}
        <noscript>
          <style>{`header[data-scrolled]{background:rgb(2 6 23 / .85);backdrop-filter:blur(24px)}`}</style>
        </noscript>
        <SiteLayout>{children}</SiteLayout>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export function meta(): Route.MetaDescriptors {
  return [
    { title: `${company.productName} · AI tools for creators and marketers` },
    {
      name: "description",
      content: "Detect AI text, humanize it, write, create voiceovers, generate images and chat with AI. Try every tool free in demo mode.",
    },
  ];
}

export default function App() {
  return <Outlet />;
}

/** The spec's 'Unexpected Application Error!' page: status and text, or the message; a stack only in development. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let status: string | undefined;
  let message = "An unexpected error occurred.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    status = `${error.status} ${error.statusText}`.trim();
    message = typeof error.data === "string" && error.data ? error.data : error.statusText || message;
  } else if (error instanceof Error) {
    message = error.message;
    if (import.meta.env.DEV) stack = error.stack;
  }
  return (
    <section className="mx-auto max-w-3xl px-4 pb-24 pt-32 sm:px-6">
      <h1 className="text-3xl font-bold text-white sm:text-4xl">Unexpected Application Error!</h1>
      {status ? <p className="mt-4 text-xl font-semibold text-rose-300">{status}</p> : null}
      <p className="mt-3 text-lg text-slate-300">{message}</p>
      {stack ? (
        <pre className="mt-6 overflow-x-auto rounded-xl border border-white/10 bg-slate-900 p-4 text-sm text-slate-300">{stack}</pre>
      ) : null}
      <a
        href="/"
        className="mt-8 inline-flex rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-5 py-3 font-semibold text-white"
      >
        Back to the home page
      </a>
    </section>
  );
}
