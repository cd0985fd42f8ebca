import { ReceiptsDocs } from "~/components/reports/receipts-docs";
import { receiptPublicKeyPem } from "~/server/reports/receipts.server";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/docs.receipts";

export const meta = () =>
  pageMeta(
    "Verifying a scan receipt",
    "How to check a ContentForge AI detection report's signed receipt with openssl, Node.js or WebCrypto: the signed bytes and the public key.",
  );

export async function loader({ url }: Route.LoaderArgs) {
  return { origin: url.origin, publicKey: await receiptPublicKeyPem() };
}

export default function ReceiptsPage({ loaderData }: Route.ComponentProps) {
  return <ReceiptsDocs origin={loaderData.origin} publicKey={loaderData.publicKey} />;
}
