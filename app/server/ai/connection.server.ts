import { describeError, log } from "../log.server";
import { currentEngine } from "./engine.server";
import type { ConnectionStatus } from "./types";


// The spec tests the connection once per screen load; we run it from the loader and keep the
// answer per isolate for a minute, so a busy page does not call the provider on every request.
const CACHE_MS = 60_000;
let cached: { key: string; status: ConnectionStatus; at: number } | undefined;

export async function checkConnection(): Promise<ConnectionStatus> {
  const engine = currentEngine();
  if (cached && cached.key === engine.cacheKey && Date.now() - cached.at < CACHE_MS) return cached.status;
  let status: ConnectionStatus;
  try {
    await engine.ping();
    status = { connected: true, engine: engine.label };
  } catch (error) {
    log("warn", "AI connection test failed", { engine: engine.id, ...describeError(error) });
    const message = error instanceof Error && error.message ? error.message : "API connection failed";
    status = { connected: false, engine: engine.label, error: message };
  }
  cached = { key: engine.cacheKey, status, at: Date.now() };
  return status;
}
