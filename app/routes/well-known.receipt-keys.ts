import { receiptKeySet } from "~/server/reports/receipts.server";

// GET /.well-known/contentforge-receipt-keys.json: the public keys that verify scan receipts, as a
// JWKS; public, so any site or script may read it. Empty `keys` when receipts are not configured.
export async function loader() {
  return Response.json(await receiptKeySet(), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
