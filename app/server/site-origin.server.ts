import { log } from "./log.server";
import { setting, settingProblem } from "./settings.server";

// The one origin every link that leaves the request is built on: sign-in and export mails, and
// the URLs Stripe sends a buyer back to. The Host header is the client's to choose, so a link
// built from it can point a victim's mail at another site (a sign-in token sent to evil.example).
// SITE_URL is required in production; only a request to a loopback host (local development,
// tests) may fall back to its own origin, which is then the developer's own machine anyway.

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

let warnedMissing = false;

/** The canonical origin ("https://example.com"), or undefined when SITE_URL is missing or malformed outside local development. */
export function siteOrigin(request: Request): string | undefined {
  const configured = setting("SITE_URL");
  if (configured) return configured.origin;
  if (settingProblem("SITE_URL") !== undefined) {
    warnOnce("SITE_URL is not an http(s) URL: links in mail and Stripe URLs are turned off");
    return undefined;
  }
  const url = new URL(request.url);
  if (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost")) return url.origin;
  warnOnce("SITE_URL is not set: links in mail and Stripe URLs are turned off until it is");
  return undefined;
}

function warnOnce(message: string): void {
  if (warnedMissing) return;
  warnedMissing = true;
  log("error", message);
}
