import { STRICTNESS_LEVELS, type Strictness } from "~/shared/strictness";

// The Binoculars score (Hans et al., "Spotting LLMs With Binoculars", ICML 2024): the text's
// log-perplexity under the performer model divided by the cross-perplexity between the observer
// and the performer (how surprised the performer is, on average, by what the observer expected).
// Low means machine-written. Read against the authors' code (github.com/ahans30/Binoculars,
// binoculars/detector.py and metrics.py, read 2026-11-29): `ppl = perplexity(performer logits)`,
// `x_ppl = entropy(observer softmax as target, performer logits)`, score = ppl / x_ppl.
//
// From an inference server we get only each position's top-k log-probabilities (vLLM's
// `prompt_logprobs`), not whole distributions, so the cross-perplexity is approximated
// (decision 059): the observer's listed tokens are weighed by their own probabilities, a token the
// performer did not list is charged the performer's lowest listed log-probability (no unlisted
// token can be more likely than that), and the observer's mass outside its list is charged the same.

/** The paper's thresholds, for Falcon-7B (observer) and Falcon-7B-Instruct (performer) at bfloat16. */
export const BINOCULARS_THRESHOLDS = {
  /** 'low-fpr' in the authors' code, chosen at 0.01% false positives on the paper's data. */
  lowFalsePositive: 0.8536432310785527,
  /** 'accuracy' in the authors' code, chosen for F1 on the paper's data. */
  accuracy: 0.9015310749276843,
} as const;

/** One position's listed log-probabilities, by token id (vLLM's `{ token_id: { logprob, rank, decoded_token } }`). */
export type PositionLogprobs = Record<string, { logprob: number; rank?: number | null; decoded_token?: string | null }>;

/** What a model said of a prompt: one entry per prompt token, null for the first (nothing predicts it). */
export type PromptLogprobs = (PositionLogprobs | null)[];

export type BinocularsScore = {
  /** log-perplexity / log-cross-perplexity: lower reads as machine-written. */
  score: number;
  /** Mean negative log-likelihood of the text's tokens under the performer (nats per token). */
  logPerplexity: number;
  /** Mean cross-entropy of the performer against the observer's expectation (nats per token), approximated from top-k lists. */
  logCrossPerplexity: number;
  /** Token positions scored (every prompt token after the first). */
  positions: number;
};

/**
 * The Binoculars score of a prompt both models read with one tokenizer: `tokenIds` are the prompt's
 * tokens, `observer` and `performer` each model's `prompt_logprobs` for them (`topK` asked of each). Throws when the
 * answers do not line up (different tokenizers, a missing token), so the caller falls back.
 */
export function binocularsScore(
  tokenIds: readonly number[],
  observer: PromptLogprobs,
  performer: PromptLogprobs,
  topK: number,
): BinocularsScore {
  if (observer.length !== tokenIds.length || performer.length !== tokenIds.length)
    throw new Error(
      `the models answered for ${observer.length} and ${performer.length} tokens of a ${tokenIds.length}-token prompt (do they share a tokenizer?)`,
    );
  let negativeLogLikelihood = 0;
  let crossEntropy = 0;
  let positions = 0;
  for (let index = 1; index < tokenIds.length; index++) {
    const observed = observer[index];
    const performed = performer[index];
    if (!observed || !performed) throw new Error(`no log-probabilities for prompt token ${index}`);
    const actual = performed[String(tokenIds[index])];
    if (!actual) throw new Error(`the performer did not list prompt token ${index}, as vLLM always does`);
    negativeLogLikelihood -= actual.logprob;
    crossEntropy += positionCrossEntropy(observed, performed, topK);
    positions++;
  }
  if (positions === 0) throw new Error("a prompt of one token has nothing to score");
  const logPerplexity = negativeLogLikelihood / positions;
  const logCrossPerplexity = crossEntropy / positions;
  return { score: logPerplexity / logCrossPerplexity, logPerplexity, logCrossPerplexity, positions };
}

/**
 * −Σ p_observer(v) · log p_performer(v) over the observer's listed tokens, each missing performer
 * entry (and the observer's unlisted mass) charged the performer's lowest listed log-probability.
 */
export function positionCrossEntropy(observer: PositionLogprobs, performer: PositionLogprobs, topK: number): number {
  const floor = lowestTopLogprob(performer, topK);
  let listedMass = 0;
  let sum = 0;
  for (const [token, { logprob }] of Object.entries(observer)) {
    const probability = Math.exp(logprob);
    listedMass += probability;
    sum -= probability * (performer[token]?.logprob ?? floor);
  }
  const unlistedMass = Math.max(0, 1 - listedMass);
  return sum - unlistedMass * floor;
}

// The k-th best entry bounds every unlisted token. vLLM also lists the prompt token itself when it
// ranks below the top k; its lower log-probability bounds nothing, so entries ranked past k are left out.
function lowestTopLogprob(position: PositionLogprobs, topK: number): number {
  const entries = Object.values(position);
  const top = entries.filter((entry) => typeof entry.rank !== "number" || entry.rank <= topK);
  return Math.min(...(top.length > 0 ? top : entries).map((entry) => entry.logprob));
}

/**
 * The levels at which a Binoculars score calls a text 'Likely AI' (decision 059): under the paper's
 * low-false-positive line at every level; under its accuracy line at Balanced and Sensitive. Above
 * both the score says nothing here: the stylometric verdict stands.
 */
export function binocularsFlaggedAt(score: number): Strictness[] {
  if (score < BINOCULARS_THRESHOLDS.lowFalsePositive) return [...STRICTNESS_LEVELS];
  if (score < BINOCULARS_THRESHOLDS.accuracy) return STRICTNESS_LEVELS.filter((level) => level !== "strict");
  return [];
}

/**
 * A document's score from its sections' scores: the ratio of the token-weighted means, i.e. the
 * score of the sections read as one text (each section read without the ones before it).
 */
export function documentBinoculars(sections: readonly BinocularsScore[]): BinocularsScore | null {
  const positions = sections.reduce((sum, section) => sum + section.positions, 0);
  if (positions === 0) return null;
  const logPerplexity = sections.reduce((sum, section) => sum + section.logPerplexity * section.positions, 0) / positions;
  const logCrossPerplexity = sections.reduce((sum, section) => sum + section.logCrossPerplexity * section.positions, 0) / positions;
  return { score: logPerplexity / logCrossPerplexity, logPerplexity, logCrossPerplexity, positions };
}
