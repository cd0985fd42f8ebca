import { currentEngine } from "~/server/ai/engine.server";
import { daysUntil, modelStates, WARNING_DAYS } from "~/server/ai/model-lifecycle.server";
import { invalidSettings } from "~/server/settings.server";

// Liveness probe that renders no React (the baseline for throughput benchmarks). It also says what
// the provider last said of each configured model, from the cache: a retired model or one shutting
// down within 30 days is listed, and the check itself never waits on the provider. Settings that
// are set but do not parse (and so run on their defaults) are named, never their values.
export async function loader() {
  const engine = currentEngine();
  const models = await modelStates(engine, { wait: false });
  const invalid = invalidSettings();
  const body = {
    status: models?.some((model) => model.state === "unavailable") || invalid.length > 0 ? "degraded" : "ok",
    engine: engine.id,
    ...(invalid.length > 0 ? { invalidSettings: invalid } : {}),
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
