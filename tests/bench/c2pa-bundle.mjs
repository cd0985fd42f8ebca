// The Content Credentials benches' shared set-up: the app's credentials code bundled with c2pa-rs
// as WebAssembly (as wrangler bundles it), and a signing chain of the bench's own.
import { makeC2paChain } from "../../scripts/c2pa-dev-chain.mjs";
import { importBundled } from "./bundle-app.mjs";

/** `exports`: the bundle's export lines; the chain is a fresh P-256 root and signer named for the bench. */
export async function bundledWithChain(name, exports) {
  const app = await importBundled(name, exports, { loader: { ".wasm": "binary" } });
  return { app, chain: makeC2paChain("ContentForge AI bench") };
}
