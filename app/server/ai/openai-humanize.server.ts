// The humanizer with a provider: the model paraphrases the text in the tone, the
// trained detector re-scores the rewrite, and the sentences it still flags go back to the model,
// for at most MAX_PASSES calls in all. A revision is kept only if it keeps every number, name,
// negation and quotation the input had and the detector scores it lower than the best so far; a
// revision that fails (an error, an empty answer) leaves the best rewrite so far standing.
//
// Only Chat Completions with the parameters the other text tools send (models.ts
// `textParameters`, read 2026-11-24: `max_completion_tokens`, `reasoning_effort: "none"` for
// reasoning models so that the spec's temperature 0.8 is accepted); the spec's call (§7: temperature
// 0.8, 500 tokens, fallback 'Humanization failed') is the first pass.

import type { HumanizerTone } from "~/content/catalogs";
import { humanizerTones } from "~/content/catalogs";
import { detectAiText } from "~/server/detector/detect.server";
import { lostInvariants, lowercaseSentenceStarts } from "./offline/rewrite-invariants.server";
import { trainedDetector } from "~/server/detector/trained-detector.server";
import type { HumanizePass, Humanization } from "~/shared/ai-types";

/** One paraphrase and at most two revisions of the flagged sentences: a bounded cost per text. */
export const MAX_PASSES = 3;
const TEMPERATURE = 0.8;
const MAX_TOKENS = 500;
const FALLBACK = "Humanization failed";
const MOST_FLAGGED = 3;

/** A chat call: the system and user messages in, the answer's text out ("" when there is none). */
export type ChatCall = (system: string, user: string, options: { temperature: number; maxTokens: number }) => Promise<string>;

type Scored = { text: string; probability: number | null; flagged: string[]; likelyAi: boolean };

function score(text: string): Scored {
  const detection = detectAiText(text);
  if (detection.verdict === "too-short") return { text, probability: null, flagged: [], likelyAi: false };
  const threshold = trainedDetector().aiThreshold;
  const likelyAi = detection.verdict === "likely-ai";
  let flagged = detection.sentences.filter((sentence) => sentence.score >= threshold);
  // A text called AI as a whole with no sentence over the line: its most machine-like sentences.
  if (flagged.length === 0 && likelyAi) flagged = [...detection.sentences].sort((a, b) => b.score - a.score).slice(0, MOST_FLAGGED);
  return { text, probability: detection.probability, flagged: flagged.map((sentence) => sentence.text), likelyAi };
}

/** What a rewrite lost of the input: numbers and names, negations, lower-case sentence starts. */
function problemsOf(input: string, output: string): string[] {
  const lost = lostInvariants(input, output);
  return [
    ...lost.tokens,
    ...(lost.negationsLost ? ["a negation"] : []),
    ...(lowercaseSentenceStarts(output).length > lowercaseSentenceStarts(input).length ? ["a capital at a sentence start"] : []),
  ];
}

export async function humanizeWithProvider(call: ChatCall, text: string, tone: HumanizerTone): Promise<Humanization> {
  const toneName = (humanizerTones.find((candidate) => candidate.id === tone)?.name ?? tone).toLowerCase();
  // Pass 1: an error here is the tool's failure (the caller maps it to the spec's message).
  const paraphrase =
    (await call(
      `Rewrite the user's text so it reads as natural human writing in a ${toneName} tone. ` +
        "Keep the meaning, facts, numbers, names, quotations and links unchanged. Answer with the rewritten text only.",
      text,
      { temperature: TEMPERATURE, maxTokens: MAX_TOKENS },
    )) || FALLBACK;
  const before = score(text);
  let best = score(paraphrase);
  const passes: HumanizePass[] = [
    {
      pass: 1,
      action: "paraphrase",
      probability: best.probability,
      flagged: best.flagged.length,
      kept: true,
      lost: problemsOf(text, paraphrase),
    },
  ];
  if (paraphrase === FALLBACK) return { text: paraphrase, before: before.probability, passes };

  for (let pass = 2; pass <= MAX_PASSES; pass += 1) {
    const lost = problemsOf(text, best.text);
    if (best.flagged.length === 0 && !best.likelyAi && lost.length === 0) break;
    const sentences = best.flagged;
    let answer: string;
    try {
      answer = await call(
        `Rewrite only the listed sentences of the user's text so they read as natural human writing in a ${toneName} tone: ` +
          "vary their length and wording as a person would. Keep the meaning, facts, numbers, names, quotations and links unchanged, " +
          "and leave every other sentence as it is. Answer with the whole text only.",
        [
          best.text,
          sentences.length > 0 ? `\n\nSentences to rewrite:\n${sentences.map((sentence) => `- ${sentence}`).join("\n")}` : "",
          lost.length > 0 ? `\n\nThe original had these, which must be in the text word for word: ${lost.join(", ")}.` : "",
        ].join(""),
        { temperature: TEMPERATURE, maxTokens: MAX_TOKENS },
      );
    } catch {
      // The paraphrase already stands: a failed revision is noted, not the whole tool's failure.
      passes.push({
        pass,
        action: "revise",
        probability: null,
        flagged: sentences.length,
        kept: false,
        lost: [],
        note: "the provider did not answer",
      });
      break;
    }
    const revised = score(answer.trim() || best.text);
    const problems = problemsOf(text, revised.text);
    const better =
      answer.trim() !== "" &&
      // Too short to score where the text before was scored: cut off or summarised, not a revision.
      (revised.probability !== null || best.probability === null) &&
      problems.length <= lost.length &&
      problems.every((problem) => lost.includes(problem)) &&
      (problems.length < lost.length ||
        (revised.probability ?? 0) < (best.probability ?? 0) ||
        revised.flagged.length < best.flagged.length);
    passes.push({
      pass,
      action: "revise",
      probability: revised.probability,
      flagged: revised.flagged.length,
      kept: better,
      lost: problems,
      rewrote: sentences.length,
    });
    if (!better) break;
    best = revised;
  }
  return { text: best.text, before: before.probability, passes };
}
