import { describeError, log } from "../log.server";
import { currentEngine } from "./engine.server";
import { modelStates, unavailableMessage } from "./model-lifecycle.server";
import type { ModelRole } from "./models.server";
import type { AiEngine, ConnectionStatus } from "~/shared/ai-types";

// The spec tests the connection once per screen load; we run it from the loader and keep the
// answer per isolate for a minute, so a busy page does not call the provider on every request.
// A retired or unknown model of the screen (or the text model every screen's test uses) turns the
// line red with what to change, whatever the test said.
const CACHE_MS = 60_000;
let cached: { key: string; status: ConnectionStatus; at: number } | undefined;

export async function checkConnection(role: ModelRole = "text"): Promise<ConnectionStatus> {
  const engine = currentEngine();
  const [status, models = []] = await Promise.all([pingStatus(engine), modelStates(engine, { wait: true })]);
  const unavailable =
    models.find((model) => model.role === role && model.state === "unavailable") ??
    models.find((model) => model.role === "text" && model.state === "unavailable");
  if (unavailable) return { connected: false, engine: engine.label, error: unavailableMessage(unavailable) };
  return status;
}

async function pingStatus(engine: AiEngine): Promise<ConnectionStatus> {
  if (cached && cached.key === engine.cacheKey && Date.now() - cached.at < CACHE_MS) return cached.status;
  let status: ConnectionStatus;
  try {
    await engine.ping();
    status = { connected: true, engine: engine.label, ...(engine.id === "offline" ? { offline: true as const } : {}) };
  } catch (error) {
    log("warn", "AI connection test failed", { engine: engine.id, ...describeError(error) });
    const message = error instanceof Error && error.message ? error.message : "API connection failed";
    status = { connected: false, engine: engine.label, error: message };
  }
  cached = { key: engine.cacheKey, status, at: Date.now() };
  return status;
}
