import { waitUntil } from "cloudflare:workers";
import { describeError, log } from "../log.server";
import { knownShutdownDates, modelVariables, type ModelRole } from "./models.server";
import type { AiEngine } from "~/shared/ai-types";

// Model lifecycle, seen before it bites (docs/architecture.md 'AI providers'): the Worker asks the
// provider about each configured model (GET /v1/models/{id}) at most once per few minutes per
// isolate, never on a tool action's path, and says the truth in the status line, the log and
// /healthz. A page waits for the very first check of an isolate; after that, a stale answer is
// served while a fresh one is fetched in the background.

export type ModelState = {
  role: ModelRole;
  id: string;
  variable: string;
  /** active: served, no date; deprecated: served until shutdownDate; unavailable: retired or unknown. */
  state: "active" | "deprecated" | "unavailable";
  shutdownDate: string | null;
};

const REFRESH_MS = 5 * 60_000;
/** A shutdown this close is a warning in the log and /healthz. */
export const WARNING_DAYS = 30;

let cache: { key: string; models: ModelState[]; at: number } | undefined;
let inFlight: { key: string; promise: Promise<ModelState[]> } | undefined;

/** The configured models' states: cached, refreshed in the background when stale. */
export async function modelStates(engine: AiEngine, { wait }: { wait: boolean }): Promise<ModelState[] | undefined> {
  if (!engine.lifecycle) return [];
  const fresh = cache?.key === engine.cacheKey && Date.now() - cache.at < REFRESH_MS;
  if (fresh) return cache!.models;
  const refresh = refreshModelStates(engine);
  if (cache?.key === engine.cacheKey) {
    waitUntil(refresh);
    return cache.models;
  }
  if (!wait) {
    waitUntil(refresh);
    return undefined;
  }
  return refresh;
}

function refreshModelStates(engine: AiEngine): Promise<ModelState[]> {
  if (inFlight?.key === engine.cacheKey) return inFlight.promise;
  const promise = checkModels(engine)
    .then((models) => {
      cache = { key: engine.cacheKey, models, at: Date.now() };
      return models;
    })
    .finally(() => {
      inFlight = undefined;
    });
  inFlight = { key: engine.cacheKey, promise };
  return promise;
}

async function checkModels(engine: AiEngine): Promise<ModelState[]> {
  const lifecycle = engine.lifecycle!;
  const previous = cache?.key === engine.cacheKey ? cache.models : [];
  return Promise.all(
    lifecycle.models.map(async ({ role, id }): Promise<ModelState> => {
      const base = { role, id, variable: modelVariables[role] };
      try {
        const answer = await lifecycle.lookUp(id);
        const state = answer.found ? stateOf(base, answer.shutdownDate) : gone(base, knownShutdownDates[id]);
        report(state);
        return state;
      } catch (error) {
        // A network hiccup says nothing about the model: keep what we knew.
        log("warn", "AI model check failed", { model: id, ...describeError(error) });
        return previous.find((known) => known.id === id) ?? { ...base, state: "active", shutdownDate: null };
      }
    }),
  );
}

type ModelBase = Omit<ModelState, "state" | "shutdownDate">;

function stateOf(base: ModelBase, shutdownDate: string | null): ModelState {
  if (shutdownDate !== null && shutdownDate <= today()) return { ...base, state: "unavailable", shutdownDate };
  return { ...base, state: shutdownDate ? "deprecated" : "active", shutdownDate };
}

/** A model the provider no longer serves: the API says only 404, so the date is ours, if it has passed. */
function gone(base: ModelBase, knownShutdownDate: string | undefined): ModelState {
  const shutdownDate = knownShutdownDate && knownShutdownDate <= today() ? knownShutdownDate : null;
  return { ...base, state: "unavailable", shutdownDate };
}

function report(model: ModelState) {
  if (model.state === "unavailable") {
    log("error", "AI model not available", { model: model.id, variable: model.variable, shutdownDate: model.shutdownDate });
  } else if (model.state === "deprecated" && daysUntil(model.shutdownDate!) <= WARNING_DAYS) {
    log("warn", "AI model shuts down soon", {
      model: model.id,
      variable: model.variable,
      shutdownDate: model.shutdownDate,
      daysLeft: daysUntil(model.shutdownDate!),
    });
  }
}

/** The status line's words for a model that cannot answer. */
export function unavailableMessage(model: Pick<ModelState, "id" | "variable" | "shutdownDate">): string {
  const why = model.shutdownDate ? `retired on ${model.shutdownDate}` : "the provider does not offer it";
  return `model ${model.id} is not available: ${why}; set ${model.variable}`;
}

export function daysUntil(date: string, now = Date.now()): number {
  return Math.ceil((Date.parse(`${date}T00:00:00Z`) - now) / 86_400_000);
}

const today = () => new Date().toISOString().slice(0, 10);
