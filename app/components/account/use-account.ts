import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** The signed-in account from the root loader, or null for a visitor (and on error pages). */
export function useAccount(): { email: string } | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.account ?? null;
}
