import { credentialsSigner } from "~/server/credentials/signing-identity.server";
import { publishedPem } from "~/server/published-pem.server";

// GET /.well-known/c2pa-signer.pem: the certificate chain our Content Credentials are signed with
// (leaf first), to compare with what a C2PA verifier shows (/ai-transparency, 'The signer').
export async function loader() {
  const signer = await credentialsSigner();
  return publishedPem(
    signer?.certificateChainPem,
    "Content Credentials are not configured on this server.",
    signer?.isTestSigner ? { "X-Test-Signer": "true" } : {},
  );
}
