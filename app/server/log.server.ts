import { redactSecrets } from "./redact.server";
import { setting } from "./settings.server";
import { currentRequestContext } from "./request-context.server";

// One JSON line per event, always carrying the request id. Never pass secrets or user text here.
type Level = "info" | "warn" | "error";

const SEVERITY: Record<Level, number> = { info: 0, warn: 1, error: 2 };

/** LOG_LEVEL: the least severe level written; `info` (every request) unless set to `warn` or `error`. */
function lowestLevelWritten(): Level {
  return setting("LOG_LEVEL");
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (SEVERITY[level] < SEVERITY[lowestLevelWritten()]) return;
  const line = redactSecrets(
    JSON.stringify({
      level,
      message,
      requestId: currentRequestContext()?.requestId,
      ...fields,
    }),
  );
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** A loggable description of an error: name, message and status, never the stack or request body. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status;
    return { error: error.name, detail: error.message, ...(typeof status === "number" ? { status } : {}) };
  }
  return { error: String(error) };
}
