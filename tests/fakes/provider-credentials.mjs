// The fake OpenAI's own Content Credentials: real image models answer with a C2PA manifest in the
// image (the provider's signer, claim generator and trainedAlgorithmicMedia), so the fake's images
// can carry one too, signed with a 'provider' chain of its own (not the site's), through c2pa-rs
// (the app's WebAssembly loader and COSE signer, bundled for Node: tests/bench/bundle-app.mjs).
import { webcrypto } from "node:crypto";
import { makeC2paChain } from "../../scripts/c2pa-dev-chain.mjs";
import { importBundled } from "../bench/bundle-app.mjs";

export const PROVIDER_CLAIM_GENERATOR = "OpenAI fake provider (tests/fakes)";

const derOf = (pem, label) =>
  [...pem.matchAll(new RegExp(`-----BEGIN ${label}-----([^-]*)-----END ${label}-----`, "g"))].map((match) =>
    Buffer.from(match[1].replace(/\s+/g, ""), "base64"),
  );

/** A signer of PNGs as the provider; `rootCertificate` is the provider chain's root (PEM). */
export async function providerImageSigner() {
  const chain = makeC2paChain("OpenAI fake provider", { testSigner: false });
  const { c2pa, BytesBlob, coseSign1, COSE_RESERVE_SIZE } = await importBundled(
    "provider-credentials",
    [
      'export { c2pa, BytesBlob } from "./app/server/credentials/c2pa-runtime.server.ts";',
      'export { coseSign1, COSE_RESERVE_SIZE } from "./app/server/credentials/cose-signer.server.ts";',
    ],
    { loader: { ".wasm": "binary" } },
  );
  const [pkcs8] = derOf(chain.signingKey, "PRIVATE KEY");
  const key = await webcrypto.subtle.importKey("pkcs8", pkcs8, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  const identity = { key, chain: derOf(chain.certificateChain, "CERTIFICATE") };
  const { WasmBuilder } = await c2pa();
  return {
    rootCertificate: chain.rootCertificate,
    /** The PNG with the provider's manifest: c2pa.created by a trained model. */
    async sign(png) {
      const builder = WasmBuilder.fromJson(
        JSON.stringify({
          claim_generator_info: [{ name: PROVIDER_CLAIM_GENERATOR, version: "1.0.0" }],
          title: "image.png",
          format: "image/png",
          assertions: [
            {
              label: "c2pa.actions.v2",
              data: {
                actions: [
                  { action: "c2pa.created", digitalSourceType: "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia" },
                ],
              },
            },
          ],
        }),
      );
      try {
        const signer = { alg: "es256", reserveSize: COSE_RESERVE_SIZE, sign: (claim) => coseSign1(identity, claim) };
        return Buffer.from(await builder.sign(signer, [], "image/png", new BytesBlob(png)));
      } finally {
        builder.free();
      }
    },
  };
}
