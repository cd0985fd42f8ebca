// Liveness probe that renders no React: the baseline for throughput benchmarks.
export function loader() {
  return new Response("ok", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
