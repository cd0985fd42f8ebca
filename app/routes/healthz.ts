import { currentEngine } from "~/server/ai/engine.server";
import { daysUntil, modelStates, WARNING_DAYS } from "~/server/ai/model-lifecycle.server";

// Liveness probe that renders no React (the baseline for throughput benchmarks). It also says what
// the provider last said of each configured model, from the cache: a retired model or one shutting
// down within 30 days is listed, and the check itself never waits on the provider.
export async function loader() {
  const engine = currentEngine();
  const models = await modelStates(engine, { wait: false });
  const body = {
    status: models?.some((model) => model.state === "unavailable") ? "degraded" : "ok",
    engine: engine.id,
    models:
      models?.map(({ role, id, variable, state, shutdownDate }) => ({
        role,
        id,
        variable,
        state,
        shutdownDate,
        ...(shutdownDate && state === "deprecated" ? { daysLeft: daysUntil(shutdownDate) } : {}),
        ...(state === "unavailable" || (shutdownDate && daysUntil(shutdownDate) <= WARNING_DAYS) ? { warning: true } : {}),
      })) ?? "checking",
  };
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
