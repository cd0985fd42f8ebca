import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * A non-secret, non-HttpOnly cookie that says only "this browser has a session" (workers/app.ts
 * sets and clears it beside the HttpOnly session cookie). Prerendered pages are the same for
 * everyone, so their navbar says 'Sign in'; where JavaScript runs, this hint turns it into the
 * account links. The session itself is never readable by script.
 */
export const SIGNED_IN_HINT_COOKIE = "signed-in";

/** The signed-in account from the root loader, or null for a visitor (and on error pages). */
export function useAccount(): { email: string } | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.account ?? null;
}

const noSubscription = () => () => {};

/** Whether the hint cookie is there: false while rendering on the server and hydrating. */
export function useSignedInHint(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => document.cookie.split("; ").includes(`${SIGNED_IN_HINT_COOKIE}=1`),
    () => false,
  );
}

/**
 * What the navigation shows: the account the page was rendered for, or, on a prerendered page
 * in a browser with a session, an account whose address the page does not know.
 */
export function useNavigationAccount(): { email: string | null } | null {
  const account = useAccount();
  const hinted = useSignedInHint();
  return account ?? (hinted ? { email: null } : null);
}
