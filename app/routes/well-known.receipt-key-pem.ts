import { receiptPublicKeyPem } from "~/server/reports/receipts.server";
import { publishedPem } from "~/server/published-pem.server";

// GET /.well-known/contentforge-receipt-key.pem: the current receipt key as PEM, for `openssl pkeyutl -verify`.
export async function loader() {
  const key = await receiptPublicKeyPem();
  return publishedPem(key?.pem, "Receipts are not configured on this server.", key ? { "X-Key-Id": key.keyId } : {});
}
