import { credentialsSigner } from "~/server/credentials/signing-identity.server";
import { publishedPem } from "~/server/published-pem.server";
import { receiptKeySet, receiptPublicKeyPem } from "~/server/reports/receipts.server";
import type { Route } from "./+types/well-known.$file";

// GET /.well-known/<file>: what the site publishes for anyone to verify with, public and readable
// from any origin (one route: each is a line of the route manifest every page carries).
const published: Record<string, () => Promise<Response>> = {
  // The public keys that verify scan receipts, as a JWKS; empty `keys` when receipts are not configured.
  "contentforge-receipt-keys.json": async () =>
    Response.json(await receiptKeySet(), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } }),
  // The current receipt key as PEM, for `openssl pkeyutl -verify`.
  "contentforge-receipt-key.pem": async () => {
    const key = await receiptPublicKeyPem();
    return publishedPem(key?.pem, "Receipts are not configured on this server.", key ? { "X-Key-Id": key.keyId } : {});
  },
  // The chain our Content Credentials are signed with (leaf first), to compare with what a C2PA
  // verifier shows (/ai-transparency, 'The signer').
  "c2pa-signer.pem": async () => {
    const signer = await credentialsSigner();
    const headers: Record<string, string> = signer?.isTestSigner ? { "X-Test-Signer": "true" } : {};
    return publishedPem(signer?.certificateChainPem, "Content Credentials are not configured on this server.", headers);
  },
};

export function loader({ params }: Route.LoaderArgs) {
  const file = published[params.file];
  return file ? file() : new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
