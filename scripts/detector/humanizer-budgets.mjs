// The offline humanizer judged by the detector: of the machine paragraphs the detector flags, how
// many read as human after a rewrite in each tone, and whether any rewrite broke an invariant.
import { loadAppModule } from "./app-modules.mjs";

const humanize = await loadAppModule("app/server/ai/offline/humanize.ts");
const invariants = await loadAppModule("app/server/ai/offline/rewrite-invariants.ts");
const { defaultHumanizerTone } = await loadAppModule("app/content/catalogs.ts");

export async function evaluateHumanizer(aiRows, detector) {
  const probability = (text) => detector.calibrate(detector.score(text).logit);
  const flagged = aiRows.filter((row) => probability(row.text) >= detector.aiThreshold);
  const tones = humanize.TONES.map((tone) => {
    let nowHuman = 0, identical = 0, lostProtected = 0, lowercaseStarts = 0, doubledWords = 0, changed = 0, total = 0;
    for (const row of flagged) {
      const output = humanize.humanizeText(row.text, tone);
      if (probability(output) < detector.aiThreshold) nowHuman += 1;
      if (output === row.text) identical += 1;
      const lost = invariants.lostInvariants(row.text, output);
      if (lost.tokens.length > 0 || lost.negationsLost) lostProtected += 1;
      if (invariants.lowercaseSentenceStarts(output).length > invariants.lowercaseSentenceStarts(row.text).length) lowercaseStarts += 1;
      if (invariants.doubledWords(output).length > invariants.doubledWords(row.text).length) doubledWords += 1;
      const [inputWords, outputWords] = [row.text, output].map((t) => t.toLowerCase().match(/[a-z']+/g) ?? []);
      const left = new Map();
      for (const w of outputWords) left.set(w, (left.get(w) ?? 0) + 1);
      for (const w of inputWords) {
        if ((left.get(w) ?? 0) > 0) left.set(w, left.get(w) - 1);
        else changed += 1;
      }
      total += inputWords.length;
    }
    const n = Math.max(1, flagged.length);
    return { tone, isDefault: tone === defaultHumanizerTone, nowHuman: nowHuman / n, identical, lostProtected, lowercaseStarts, doubledWords, wordsChanged: changed / Math.max(1, total) };
  });
  return { flagged: flagged.length, tones };
}
