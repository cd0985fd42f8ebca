// Which tools' 'Demo Version' modal this browser has already seen in this visit:
// the first action of each tool opens it, later ones do not. Without JavaScript a session cookie (no
// Max-Age: it ends with the browser session) tells the server whether an action's page renders the
// modal open; with JavaScript the tab's sessionStorage decides (demo-modal.tsx), and the page sets
// the cookie too. It carries no secret and nothing personal: the paths of the tools tried.

export const DEMO_SEEN_COOKIE = "demo-seen";

/** The tool a path belongs to: its first segment ('ai-detector'). */
export function demoToolOf(pathname: string): string {
  return pathname.split("/")[1] ?? "";
}

/** The tools listed in a Cookie header (or `document.cookie`). */
export function demoSeenTools(cookieHeader: string | null | undefined): string[] {
  const entry = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEMO_SEEN_COOKIE}=`));
  if (!entry) return [];
  return entry
    .slice(DEMO_SEEN_COOKIE.length + 1)
    .split(".")
    .filter((tool) => /^[a-z-]{1,40}$/.test(tool));
}

/** The cookie naming `tool` too, or undefined when it is already named. */
export function demoSeenCookie(cookieHeader: string | null | undefined, tool: string): string | undefined {
  const seen = demoSeenTools(cookieHeader);
  if (seen.includes(tool) || !/^[a-z-]{1,40}$/.test(tool)) return undefined;
  return `${DEMO_SEEN_COOKIE}=${[...seen, tool].slice(-12).join(".")}; Path=/; Secure; SameSite=Lax`;
}
