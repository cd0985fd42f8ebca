import { createContext, useContext } from "react";

// The per-request CSP nonce, provided by entry.server. In the browser it is empty: browsers hide
// nonces from the DOM, and scripts added after hydration are loaded by already-trusted modules.
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
