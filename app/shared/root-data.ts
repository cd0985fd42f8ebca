/**
 * What the root loader gives every page. It lives here, not in root.tsx, so components that read it
 * (useRouteLoaderData("root")) do not import the root route, which imports them back.
 */
export type RootData = {
  account: { email: string } | null;
  subscriber: boolean;
  /** Tools whose demo modal this browser has seen in this visit (app/shared/demo-seen.ts). */
  demoSeen?: string[];
};
