// Pages that differ per person must never be stored by a shared cache (docs/architecture.md 'Accounts').
export const noStore = { "Cache-Control": "private, no-store" } as const;

/** A route's `headers`: the action's when it set its own (an error, Retry-After), else the loader's. */
export function personalPageHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}
