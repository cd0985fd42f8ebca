import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/shared/root-data";
import { SIGNED_IN_HINT_COOKIE } from "~/shared/cookie-names";

/** The signed-in account from the root loader, or null for a visitor (and on error pages). */
export function useAccount(): { email: string } | null {
  return useRouteLoaderData<RootData>("root")?.account ?? null;
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
