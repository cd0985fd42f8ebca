// A key or certificate the site publishes for anyone to verify with (the receipt key, the Content
// Credentials signer): PEM, cacheable, readable from any origin; a plain 404 when it is not configured.
export function publishedPem(pem: string | undefined, missing: string, headers: Record<string, string> = {}): Response {
  if (pem === undefined) return new Response(`${missing}\n`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(pem, {
    headers: {
      "Content-Type": "application/x-pem-file",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
      ...headers,
    },
  });
}
