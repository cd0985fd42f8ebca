import type { DetectionEngine, DetectionResult, DocumentSection } from "~/shared/ai-types";
import { DEFAULT_STRICTNESS, STRICTNESS_LEVELS, strictnessLevels } from "~/shared/strictness";
import { describeError, log } from "../log.server";
import { setting } from "../settings.server";
import {
  BINOCULARS_THRESHOLDS,
  binocularsFlaggedAt,
  binocularsScore,
  documentBinoculars,
  type BinocularsScore,
  type PromptLogprobs,
} from "./binoculars.server";
import { isScored } from "./detect.server";

// The language-model scorer for operators who run an inference server (decision 059): both models
// read the text through vLLM's OpenAI-compatible /v1/completions with `prompt_logprobs`, and the
// Binoculars score (binoculars.server.ts) may call the text 'Likely AI' where the stylometric model
// did not. Any failure (refusal, timeout, an answer that does not line up) leaves the stylometric
// verdict standing and the analysis says so.
//
// Wire format read 2026-11-29 from vLLM's source (vllm/entrypoints/openai/completion/protocol.py and
// serve/engine/protocol.py): the request takes `prompt_logprobs: int` (a positive number, or -1 for
// the whole vocabulary; over the server's --max-logprobs, default 20, is a 400 "Requested prompt
// logprobs of N, which is greater than max allowed: M"), `return_token_ids: true` adds
// `choices[].prompt_token_ids`, `truncate_prompt_tokens` with `truncation_side`. The answer's
// `choices[].prompt_logprobs` is a list with one entry per prompt token, null first, each
// `{ token_id: { logprob, rank, decoded_token } }` holding the top k plus the prompt token itself.
// Errors are `{ error: { message, type, param, code } }` (older servers: the same fields at the
// top level with `object: "error"`); an unknown model is 404 NotFoundError. Unknown request fields
// are ignored, not refused. Logprobs are of the raw logits (temperature does not change them).
// The SDK is not used: these fields are vLLM's, outside its types, and a failed call is not retried
// because the stylometric verdict is the fallback.

/** The paper's detector reads at most 512 tokens of a text (`max_token_observed`). */
const MAX_TOKENS_OBSERVED = 512;
/** Sections of a document scored at once: each is two requests. */
const SECTION_CONCURRENCY = 4;

export type ScorerModel = { url: URL; model: string };

export type ScorerConfig = {
  observer: ScorerModel;
  performer: ScorerModel;
  apiKey?: string;
  timeoutMs: number;
  /** `prompt_logprobs` asked of each model: at most the server's --max-logprobs. */
  topK: number;
};

export type ScorerOutcome = { ok: true; binoculars: BinocularsScore } | { ok: false; reason: string };

/** The scorer's settings, or undefined when DETECTOR_SCORER_URL is not set (or does not parse: /healthz names it). */
export function scorerConfig(): ScorerConfig | undefined {
  const url = setting("DETECTOR_SCORER_URL");
  if (!url) return undefined;
  return {
    observer: { url, model: setting("DETECTOR_OBSERVER_MODEL") ?? "tiiuae/falcon-7b" },
    performer: { url: setting("DETECTOR_PERFORMER_URL") ?? url, model: setting("DETECTOR_PERFORMER_MODEL") ?? "tiiuae/falcon-7b-instruct" },
    apiKey: setting("DETECTOR_SCORER_API_KEY"),
    timeoutMs: setting("DETECTOR_SCORER_TIMEOUT_MS"),
    topK: setting("DETECTOR_SCORER_TOP_LOGPROBS"),
  };
}

/** A failure the analysis may quote: what the server said, never the key or the text. */
export class ScorerError extends Error {
  override name = "ScorerError";
}

type ModelReading = { tokenIds: number[]; logprobs: PromptLogprobs };

async function readPrompt(target: ScorerModel, text: string, config: ScorerConfig): Promise<ModelReading> {
  const endpoint = new URL("completions", target.url.href.endsWith("/") ? target.url : `${target.url.href}/`);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({
        model: target.model,
        prompt: text,
        max_tokens: 1,
        temperature: 0,
        prompt_logprobs: config.topK,
        return_token_ids: true,
        truncate_prompt_tokens: MAX_TOKENS_OBSERVED,
        truncation_side: "right",
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const raw = await response.text();
    body = raw ? JSON.parse(raw) : null;
  } catch (error) {
    if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError"))
      throw new ScorerError(`${target.model} did not answer within ${config.timeoutMs / 1000} s`);
    if (error instanceof SyntaxError) throw new ScorerError(`${target.model}'s answer was not JSON`);
    throw new ScorerError(`${target.model} could not be reached`);
  }
  if (!response.ok) throw new ScorerError(`${target.model} was refused (HTTP ${response.status}: ${errorMessageOf(body)})`);
  const choice = (body as { choices?: { prompt_logprobs?: unknown; prompt_token_ids?: unknown }[] } | null)?.choices?.[0];
  if (!Array.isArray(choice?.prompt_logprobs)) throw new ScorerError(`${target.model}'s answer has no prompt_logprobs`);
  if (!Array.isArray(choice.prompt_token_ids))
    throw new ScorerError(`${target.model}'s answer has no prompt_token_ids (the server must honour return_token_ids)`);
  return { tokenIds: choice.prompt_token_ids as number[], logprobs: choice.prompt_logprobs as PromptLogprobs };
}

function errorMessageOf(body: unknown): string {
  const fields = body as { error?: { message?: unknown } | string; message?: unknown } | null;
  const message =
    typeof fields?.error === "object" ? fields.error.message : typeof fields?.error === "string" ? fields.error : fields?.message;
  return typeof message === "string" ? message.slice(0, 200) : "no message";
}

/** Both models read `text`; its Binoculars score, or why there is none. */
export async function scoreWithBinoculars(text: string, config: ScorerConfig): Promise<ScorerOutcome> {
  try {
    const [observer, performer] = await Promise.all([
      readPrompt(config.observer, text, config),
      readPrompt(config.performer, text, config),
    ]);
    if (observer.tokenIds.join() !== performer.tokenIds.join())
      throw new ScorerError("the two models tokenized the text differently (Binoculars needs one tokenizer)");
    return { ok: true, binoculars: binocularsScore(performer.tokenIds, observer.logprobs, performer.logprobs, config.topK) };
  } catch (error) {
    log("warn", "language-model scorer failed", describeError(error));
    const reason = error instanceof ScorerError ? error.message : `its answer could not be scored (${(error as Error).message})`;
    return { ok: false, reason };
  }
}

/**
 * For documents (the integrator wires it into document detection; pass the sections the
 * stylometric model scored): each section's outcome, in order, and the document's, the sections
 * read as one text (documentBinoculars). A section that fails fails the document's score: a score
 * of part of it is not the document's. Undefined when no scorer is configured. Apply the
 * document's outcome with `combineWithBinoculars`.
 */
export async function scoreSections(
  sectionTexts: readonly string[],
  config = scorerConfig(),
): Promise<{ sections: ScorerOutcome[]; document: ScorerOutcome } | undefined> {
  if (!config) return undefined;
  const sections: ScorerOutcome[] = [];
  for (let start = 0; start < sectionTexts.length; start += SECTION_CONCURRENCY)
    sections.push(
      ...(await Promise.all(sectionTexts.slice(start, start + SECTION_CONCURRENCY).map((text) => scoreWithBinoculars(text, config)))),
    );
  const failure = sections.find((outcome) => !outcome.ok);
  if (failure) return { sections, document: failure };
  const document = documentBinoculars(sections.map((outcome) => (outcome as { binoculars: BinocularsScore }).binoculars));
  return { sections, document: document ? { ok: true, binoculars: document } : { ok: false, reason: "no section was scored" } };
}

/** The detector's result with the scorer's say, when a scorer is configured and the text was scored. */
export async function withLanguageModelScorer(result: DetectionResult, text: string): Promise<DetectionResult> {
  const config = scorerConfig();
  if (!config || !isScored(result.verdict)) return result;
  return combineWithBinoculars(result, await scoreWithBinoculars(text, config), config);
}

type Combinable = Pick<DetectionResult, "report" | "verdict"> & { strictness?: DetectionResult["strictness"] };

type ScorableDocument = Combinable & { text: string; sections: DocumentSection[] };

/**
 * A document's detection with the scorer's say: each section the stylometric model scored is read
 * by the language models (a section under the line for the level becomes 'Likely AI'), and the
 * document's verdict comes from the sections' tokens read together, as for a pasted text.
 */
export async function withLanguageModelScorerOnDocument<Document extends ScorableDocument>(
  detection: Document,
): Promise<Document & { engine?: DetectionEngine }> {
  const config = scorerConfig();
  if (!config || !isScored(detection.verdict)) return detection;
  const scored = detection.sections.filter((section) => section.probability !== null && isScored(section.verdict));
  const outcome = await scoreSections(
    scored.map((section) => detection.text.slice(section.start, section.end)),
    config,
  );
  if (!outcome) return detection;
  const level = detection.strictness?.level ?? DEFAULT_STRICTNESS;
  const flagged = new Set(
    scored.filter((_section, index) => {
      const each = outcome.sections[index];
      return each?.ok === true && binocularsFlaggedAt(each.binoculars.score).includes(level);
    }),
  );
  const sections = detection.sections.map((section) => (flagged.has(section) ? { ...section, verdict: "likely-ai" as const } : section));
  return combineWithBinoculars({ ...detection, sections }, outcome.document, config);
}

/**
 * The verdict at the result's level (decision 059): a Binoculars score under the paper's line for
 * that level makes it 'Likely AI'; otherwise, or when the scorer failed, the stylometric verdict
 * stands. The levels the text is flagged at become those of either engine; `engine` names which decided.
 */
export function combineWithBinoculars<Result extends Combinable>(
  result: Result,
  outcome: ScorerOutcome,
  config: Pick<ScorerConfig, "observer" | "performer">,
): Result & { engine: DetectionEngine } {
  const stylometric = { id: "stylometric", label: "Stylometric model" } as const;
  if (!outcome.ok) {
    const note = `The language-model scorer gave no score (${outcome.reason}), so this verdict is the stylometric model's alone.`;
    return { ...result, report: withAnalysis(result.report, note, "after"), engine: { ...stylometric, note: outcome.reason } };
  }
  const score = outcome.binoculars.score;
  const level = result.strictness?.level ?? DEFAULT_STRICTNESS;
  const flagged = binocularsFlaggedAt(score);
  const rounded = round4(score);
  const models = `${config.observer.model} observing, ${config.performer.model} performing`;
  const lines = `the paper's lines, not measured here: ${round4(BINOCULARS_THRESHOLDS.lowFalsePositive)} for low false positives, ${round4(BINOCULARS_THRESHOLDS.accuracy)} for accuracy`;
  const strictness = result.strictness
    ? {
        ...result.strictness,
        flaggedAt: STRICTNESS_LEVELS.filter((each) => result.strictness!.flaggedAt.includes(each) || flagged.includes(each)),
      }
    : result.strictness;
  if (!flagged.includes(level)) {
    const sentence = `Language-model scorer: Binoculars score ${rounded} (${models}; lower reads as AI; ${lines}) does not call the text Likely AI at ${strictnessLevels[level].label}, so the stylometric verdict stands.`;
    return { ...result, strictness, report: withAnalysis(result.report, sentence, "after"), engine: { ...stylometric, score: rounded } };
  }
  const under = score < BINOCULARS_THRESHOLDS.lowFalsePositive ? "low-false-positive" : "accuracy";
  const levels = flagged.map((each) => strictnessLevels[each].label).join(", ");
  const sentence = `Decided by the language-model scorer: Likely AI. Its Binoculars score ${rounded} (${models}) is under the paper's ${under} line (${lines}), which calls a text Likely AI at ${levels}. The stylometric reading follows:`;
  return {
    ...result,
    verdict: "likely-ai",
    strictness,
    report: withAnalysis(result.report, sentence, "before"),
    engine: { id: "binoculars", label: `Binoculars (${config.observer.model} / ${config.performer.model})`, score: rounded },
  };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The report with a sentence added to its 'Analysis:' line, before or after what it says. */
function withAnalysis(report: string, sentence: string, where: "before" | "after"): string {
  const lines = report.split("\n");
  const index = lines.findIndex((line) => line.startsWith("Analysis: "));
  if (index === -1) return `${report}\n${sentence}`;
  const analysis = lines[index]!.slice("Analysis: ".length);
  lines[index] = `Analysis: ${where === "before" ? `${sentence} ${analysis}` : `${analysis} ${sentence}`}`;
  return lines.join("\n");
}
