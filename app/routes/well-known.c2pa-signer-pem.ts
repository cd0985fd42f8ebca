import { credentialsSigner } from "~/server/credentials/signing-identity.server";

// GET /.well-known/c2pa-signer.pem: the certificate chain our Content Credentials are signed with
// (leaf first), to compare with what a C2PA verifier shows (/ai-transparency, 'The signer').
export async function loader() {
  const signer = await credentialsSigner();
  if (!signer)
    return new Response("Content Credentials are not configured on this server.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(signer.certificateChainPem, {
    headers: {
      "Content-Type": "application/x-pem-file",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
      ...(signer.isTestSigner ? { "X-Test-Signer": "true" } : {}),
    },
  });
}
