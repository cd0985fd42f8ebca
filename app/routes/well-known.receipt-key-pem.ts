import { receiptPublicKeyPem } from "~/server/reports/receipts.server";

// GET /.well-known/contentforge-receipt-key.pem: the current receipt key as PEM, for `openssl pkeyutl -verify`.
export async function loader() {
  const key = await receiptPublicKeyPem();
  if (!key)
    return new Response("Receipts are not configured on this server.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(key.pem, {
    headers: {
      "Content-Type": "application/x-pem-file",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
      "X-Key-Id": key.keyId,
    },
  });
}
