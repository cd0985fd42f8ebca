// The shipped detector: detector-weights.json decoded once per isolate, on first use, so that
// requests that never detect pay nothing for it.

import weightsJson from "./detector-weights.json";
import { calibrate, scoreSentence, scoreText, type LinearModel, type TextScore } from "./detector-model";
import { decodeWeights, type DetectorWeightsFile } from "./detector-weights";
import type { SignalId } from "./style-signals";

const WEIGHTS: DetectorWeightsFile = weightsJson;

export type Band = "likely-human" | "mixed" | "likely-ai";

export type TrainedDetector = {
  /** `signals`: the named signals of the text, when the caller has measured them already. */
  score(text: string, signals?: Record<SignalId, number>): TextScore;
  scoreSentence(sentence: string, document: TextScore): number;
  /** Logit → calibrated probability (0–1). */
  calibrate(logit: number): number;
  verdict(probability: number): Band;
  /** The default threshold: at or above it a text is called AI. */
  aiThreshold: number;
  mixedFrom: number;
};

let loaded: TrainedDetector | undefined;

export function trainedDetector(): TrainedDetector {
  loaded ??= createDetector(WEIGHTS);
  return loaded;
}

export function createDetector(file: DetectorWeightsFile): TrainedDetector {
  const model: LinearModel = { ...decodeWeights(file), bias: file.bias };
  return {
    score: (text, signals) => scoreText(model, text, signals),
    scoreSentence: (sentence, document) => scoreSentence(model, sentence, document),
    calibrate: (logit) => calibrate(logit, file),
    verdict: (probability) => (probability >= file.aiThreshold ? "likely-ai" : probability >= file.mixedFrom ? "mixed" : "likely-human"),
    aiThreshold: file.aiThreshold,
    mixedFrom: file.mixedFrom,
  };
}
