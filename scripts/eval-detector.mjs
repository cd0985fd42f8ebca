// npm run eval:detector: measures the offline detector held out by source (decision 058). Every
// corpus text, and every longer text built from several paragraphs of one source, label, genre and
// generator, is scored by a model trained without its source; each source is judged at lines placed
// without it. Printed per strictness level, length band, generator family, genre and source (false
// positives per source beside today's line), then the rows never trained on (cogfingerprint, 2025
// generators) through the shipped detector itself, the CPU per 1,000 words, and every budget of
// issue 42 marked met or missed. Writes app/content/detector-accuracy.json, the only place the site
// quotes accuracy from.
import { readFileSync, writeFileSync } from "node:fs";
import {
  CURRENT_CHAT_MODELS,
  MACHINE_REGISTERS_REPO,
  MEASURED_ONLY_REPO,
  loadCorpus,
  loadMeasuredOnly,
  loadVocabulary,
} from "./detector/corpus.mjs";
import { fixed, percent, rocAuc } from "./detector/metrics.mjs";
import { LENGTH_BANDS, STRICTNESS_LEVELS, lengthBandOf, loadAppModule, strictnessLevels } from "./detector/app-modules.mjs";
import { BASELINE_COMMIT, loadBaselineEngine } from "./detector/baseline-engine.mjs";
import { WEIGHTS_PATH, placeStrictness } from "./train-detector.mjs";

const ACCURACY_NOTE_PATH = new URL("../app/content/detector-accuracy.json", import.meta.url);
const TODAYS_LINE = JSON.parse(readFileSync(new URL("./detector/todays-line-fp.json", import.meta.url), "utf8"));
// Issue 42's budgets, at Balanced unless named.
const BUDGETS = {
  balancedFpEverySource: 0.01,
  strictFpEverySource: 0.002,
  currentChatParagraphsCaught: 0.65,
  documentsCaught: 0.9,
  documentWords: 350,
  humanCalledHuman: 0.8,
  cpuMsPer1000Words: 10,
};
// A source's rate is only shown against the budget from this many human texts.
const MIN_SOURCE_HUMANS = 100;

const BASE_MODELS = ["gpt2-xl", "gpt-j-6b", "gpt-neo-2.7b", "llama-7b", "text-babbage-001", "text-curie-001", "flan-t5-11b"];
const FAMILIES = [
  ["base or small 2021-22 model", (m) => BASE_MODELS.includes(m)],
  ["GPT-3.5 / ChatGPT", (m) => /^(gpt-3\.5|chatgpt|text-davinci)/.test(m)],
  ["GPT-4 / 4o / 4-Turbo", (m) => m.startsWith("gpt-4")],
  ["Claude", (m) => m.startsWith("claude")],
  ["Gemini", (m) => m.startsWith("gemini")],
  ["Llama", (m) => m.startsWith("llama")],
  ["DeepSeek", (m) => m.startsWith("deepseek")],
  ["Gemma", (m) => m.startsWith("gemma")],
  ["Mistral / Dolphin", (m) => /mistral/.test(m)],
];
const familyOf = (model) => FAMILIES.find(([, test]) => test(model))?.[0] ?? "other chat or instruction model";

const started = Date.now();
const vocabulary = loadVocabulary();
const ranks = new Map(vocabulary.map((word, rank) => [word, rank]));
const rows = loadCorpus(vocabulary);
const mark = (ok) => (ok ? "met" : "MISSED");
const rate = (items, test) => (items.length === 0 ? null : items.filter(test).length / items.length);
const shortName = (group) => group.replace("scott-matkosky/AI_Text_Detector", "L2R").replace("MarkGHX/BiScope", "BiScope");
function groupBy(items, key) {
  const groups = new Map();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups].sort(([a], [b]) => String(a).localeCompare(String(b)));
}

// ---------------------------------------------------------------- held out by source
console.log(`Cross-source: ${rows.length} corpus texts (the non-commercial Ott et al. reviews and cogfingerprint left out)`);
const levels = placeStrictness(rows, ranks);
const flagged = (item, level) => item.flaggedAt.includes(level);
// 'Likely human' under the band's held-out mixedFrom line, the same at every level (decision 058).
const calledHuman = (item) => item.likelyHuman;
const pasted = levels.pasted.judged;
const paragraphs = pasted.filter((item) => !item.composed);
const documents = levels.documents.judged.filter((item) => item.composed);

/** Per level: human texts called AI, AI texts caught; and human texts called 'Likely human'. */
function figures(items) {
  const humans = items.filter((i) => i.label === 0);
  const ai = items.filter((i) => i.label === 1);
  const perLevel = Object.fromEntries(
    STRICTNESS_LEVELS.map((level) => [level, { fpr: rate(humans, (i) => flagged(i, level)), caught: rate(ai, (i) => flagged(i, level)) }]),
  );
  return {
    humans: humans.length,
    ai: ai.length,
    auc: rocAuc(items.map((i) => ({ label: i.label, score: i.probability }))),
    ...perLevel,
    likelyHuman: rate(humans, calledHuman),
    aiCalledHuman: rate(ai, calledHuman),
  };
}

function printTable(title, entries) {
  console.log(`\n${title}`);
  console.log(
    `  ${"".padEnd(44)} humans    AI   AUC   human called AI: strict / balanced / sensitive   AI caught: strict / balanced / sensitive   likely human`,
  );
  for (const [name, f] of entries) {
    const cell = (key) =>
      `${percent(f.strict[key]).padStart(6)} / ${percent(f.balanced[key]).padStart(6)} / ${percent(f.sensitive[key]).padStart(6)}`;
    console.log(
      `  ${String(name).padEnd(44)} ${String(f.humans).padStart(6)} ${String(f.ai).padStart(5)}  ${fixed(f.auc, 2).padStart(4)}   ${cell("fpr")}                     ${cell("caught")}            ${percent(f.likelyHuman).padStart(6)}`,
    );
  }
}

const bandName = (id) => LENGTH_BANDS.find((band) => band.id === id).label;
const perBand = (items) => LENGTH_BANDS.map((band) => [bandName(band.id), figures(items.filter((i) => lengthBandOf(i.words) === band.id))]);
printTable("Pasted text, per length band (corpus paragraphs and built longer texts, scored whole)", perBand(pasted));
printTable("Documents, per length band (built texts scored section by section, combined as trained)", perBand(documents));
printTable(
  "Corpus paragraphs, per generator family (AI texts)",
  groupBy(
    paragraphs.filter((i) => i.label === 1),
    (i) => familyOf(i.model),
  ).map(([name, items]) => [name, figures(items)]),
);
printTable(
  "Corpus paragraphs, per genre",
  groupBy(paragraphs, (i) => i.genre).map(([name, items]) => [name, figures(items)]),
);
const perSource = groupBy(pasted, (i) => i.group).map(([name, items]) => [name, figures(items)]);
printTable(
  "Per source (paragraphs and built texts)",
  perSource.map(([name, f]) => [shortName(name), f]),
);

// Every source against the budget and against today's line (paragraphs, as today's were measured).
console.log(
  `\nFalse positives per source, corpus paragraphs: today's line (${TODAYS_LINE.line}, measured ${TODAYS_LINE.measured}) → Balanced, Strict`,
);
const sourceChecks = groupBy(
  paragraphs.filter((i) => i.label === 0),
  (i) => i.group,
).map(([group, humans]) => {
  const today = TODAYS_LINE.perSource[shortName(group)]?.fpr ?? null;
  const balanced = rate(humans, (i) => flagged(i, "balanced"));
  const strict = rate(humans, (i) => flagged(i, "strict"));
  const sensitive = rate(humans, (i) => flagged(i, "sensitive"));
  const counted = humans.length >= MIN_SOURCE_HUMANS;
  return { group: shortName(group), humans: humans.length, today, balanced, strict, sensitive, counted };
});
for (const s of sourceChecks) {
  const notWorse = s.today === null || s.balanced <= s.today;
  console.log(
    `  ${s.group.padEnd(52)} ${String(s.humans).padStart(5)} humans  today ${percent(s.today).padStart(6)} → Balanced ${percent(s.balanced).padStart(6)} (${s.balanced <= BUDGETS.balancedFpEverySource ? "≤ 1%" : "OVER 1%"}${notWorse ? "" : ", WORSE than today"}), Strict ${percent(s.strict).padStart(6)} (${s.strict <= BUDGETS.strictFpEverySource ? "≤ 0.2%" : "OVER 0.2%"}), Sensitive ${percent(s.sensitive).padStart(6)}${s.counted ? "" : `  (under ${MIN_SOURCE_HUMANS} humans: shown, not counted)`}`,
  );
}

// ---------------------------------------------------------------- never trained on: the shipped detector
const { detectAiText } = await loadAppModule("app/server/detector/detect.server.ts");
const { detectDocument } = await loadAppModule("app/server/detector/document-detection.server.ts");
const measuredOnly = loadMeasuredOnly(vocabulary, rows.length);
const shippedVerdicts = (text, detect) => Object.fromEntries(STRICTNESS_LEVELS.map((level) => [level, detect(text, level).verdict]));
const cogParagraphs = measuredOnly.map((row) => ({ ...row, verdicts: shippedVerdicts(row.text, detectAiText) }));
// Documents of 350+ words from several of its paragraphs of one label, genre and generator.
const cogDocuments = groupBy(cogParagraphs, (r) => `${r.label}|${r.genre}|${r.model ?? ""}`).flatMap(([, items]) => {
  const built = [];
  let parts = [];
  for (const item of items) {
    parts.push(item);
    if (parts.reduce((sum, p) => sum + p.words, 0) < BUDGETS.documentWords) continue;
    const paragraphsOf = parts.map((p) => ({ text: p.text }));
    built.push({ ...parts[0], words: parts.reduce((sum, p) => sum + p.words, 0), verdicts: shippedVerdicts(paragraphsOf, detectDocument) });
    parts = [];
  }
  return built;
});
function shippedFigures(items) {
  const humans = items.filter((i) => i.label === 0);
  const ai = items.filter((i) => i.label === 1);
  const at = (level, verdict) => (i) => i.verdicts[level] === verdict;
  return {
    humans: humans.length,
    ai: ai.length,
    auc: null,
    ...Object.fromEntries(
      STRICTNESS_LEVELS.map((level) => [level, { fpr: rate(humans, at(level, "likely-ai")), caught: rate(ai, at(level, "likely-ai")) }]),
    ),
    likelyHuman: rate(humans, at("balanced", "likely-human")),
    aiCalledHuman: rate(ai, at("balanced", "likely-human")),
  };
}
const cogByModel = groupBy(cogParagraphs, (i) => (i.label === 0 ? "human" : i.model)).map(([name, items]) => [name, shippedFigures(items)]);
printTable(`${MEASURED_ONLY_REPO} (never trained on), the shipped detector: paragraphs per generator`, cogByModel);
printTable(
  `${MEASURED_ONLY_REPO}, paragraphs per genre and band`,
  groupBy(cogParagraphs, (i) => `${i.genre} ${lengthBandOf(i.words)}`).map(([name, items]) => [name, shippedFigures(items)]),
);
printTable(`${MEASURED_ONLY_REPO}, documents of ${BUDGETS.documentWords}+ words (detectDocument)`, [["all", shippedFigures(cogDocuments)]]);

// ---------------------------------------------------------------- CPU
const timed = paragraphs.length > 0 ? rows.filter((_, i) => i % 40 === 0) : [];
const timedWords = timed.reduce((sum, row) => sum + row.words, 0);
for (const row of timed.slice(0, 20)) detectAiText(row.text); // warm up
const cpuBefore = process.cpuUsage();
for (const row of timed) detectAiText(row.text);
const cpu = process.cpuUsage(cpuBefore);
const cpuMsPer1000Words = ((cpu.user + cpu.system) / 1000 / timedWords) * 1000;
console.log(
  `\nCPU: ${cpuMsPer1000Words.toFixed(2)} ms per 1,000 words (detectAiText over ${timed.length} corpus texts, ${timedWords} words, this machine)`,
);

// ---------------------------------------------------------------- budgets
const isCurrentChat = (i) => CURRENT_CHAT_MODELS.includes(i.model);
const chatParagraphs = paragraphs.filter((i) => i.label === 1 && isCurrentChat(i) && lengthBandOf(i.words) === "80-199");
const chatCaught = rate(chatParagraphs, (i) => flagged(i, "balanced"));
const cogChat = cogParagraphs.filter((i) => i.label === 1 && lengthBandOf(i.words) === "80-199");
const cogChatCaught = rate(cogChat, (i) => i.verdicts.balanced === "likely-ai");
const longDocuments = documents.filter((i) => i.label === 1 && i.words >= BUDGETS.documentWords);
const documentsCaught = rate(longDocuments, (i) => flagged(i, "balanced"));
const cogDocumentsCaught = rate(
  cogDocuments.filter((i) => i.label === 1),
  (i) => i.verdicts.balanced === "likely-ai",
);
const humanParagraphs = paragraphs.filter((i) => i.label === 0);
const humanCalledHuman = rate(humanParagraphs, calledHuman);
const counted = sourceChecks.filter((s) => s.counted);
const overBalanced = counted.filter((s) => s.balanced > BUDGETS.balancedFpEverySource);
const overStrict = counted.filter((s) => s.strict > BUDGETS.strictFpEverySource);
const worseThanToday = counted.filter((s) => s.today !== null && s.balanced > s.today);
const list = (sources, key) => sources.map((s) => `${s.group} ${percent(s[key])}`).join(", ");
console.log(`\nBudgets of issue 42 (held out by source; sources with ≥ ${MIN_SOURCE_HUMANS} human texts):`);
console.log(
  `  Balanced false positives ≤ 1% on every source: ${mark(overBalanced.length === 0)}${overBalanced.length ? ` (over: ${list(overBalanced, "balanced")})` : ""}`,
);
console.log(
  `  Strict false positives ≤ 0.2% on every source: ${mark(overStrict.length === 0)}${overStrict.length ? ` (over: ${list(overStrict, "strict")})` : ""}`,
);
console.log(
  `  Balanced no worse than today's line on any source: ${mark(worseThanToday.length === 0)}${worseThanToday.length ? ` (worse: ${list(worseThanToday, "balanced")})` : ""}`,
);
console.log(
  `  current chat-model paragraphs (80–199 words) called 'Likely AI' ≥ 65%: ${mark(chatCaught >= BUDGETS.currentChatParagraphsCaught)}: ${percent(chatCaught)} of ${chatParagraphs.length} held out by source; ${percent(cogChatCaught)} of ${cogChat.length} 2025-model paragraphs never trained on (${MEASURED_ONLY_REPO})`,
);
console.log(
  `  documents of ${BUDGETS.documentWords}+ words called 'Likely AI' ≥ 90%: ${mark(documentsCaught >= BUDGETS.documentsCaught)}: ${percent(documentsCaught)} of ${longDocuments.length} built documents held out by source; ${percent(cogDocumentsCaught)} of ${cogDocuments.filter((i) => i.label === 1).length} never trained on`,
);
console.log(
  `  human paragraphs called 'Likely human' ≥ 80%: ${mark(humanCalledHuman >= BUDGETS.humanCalledHuman)}: ${percent(humanCalledHuman)} of ${humanParagraphs.length}`,
);
console.log(`  ≤ 10 ms CPU per 1,000 words: ${mark(cpuMsPer1000Words <= BUDGETS.cpuMsPer1000Words)}: ${cpuMsPer1000Words.toFixed(2)} ms`);
console.log("  humanizer: npm run eval:humanizer (on the rows never trained on)");

// ---------------------------------------------------------------- fixtures, both engines
const weightsFile = JSON.parse(readFileSync(WEIGHTS_PATH, "utf8"));
const { DETECTOR_SAMPLES } = await loadAppModule("tests/fixtures/detector-samples.ts");
const baseline = await loadBaselineEngine();
const fixtureAccuracy = (predictAi) =>
  DETECTOR_SAMPLES.filter((s) => predictAi(s.text) === (s.label === "ai")).length / DETECTOR_SAMPLES.length;
const baselineAccuracy = fixtureAccuracy((text) => baseline.detectAiText(text).probability >= 50);
const fixturesAt = Object.fromEntries(
  STRICTNESS_LEVELS.map((level) => [level, fixtureAccuracy((text) => detectAiText(text, level).verdict === "likely-ai")]),
);
console.log(
  `\nFixtures (tests/fixtures/detector-samples.ts, ${DETECTOR_SAMPLES.length} paragraphs): hand-tuned engine at ${BASELINE_COMMIT} (tuned on them) ${percent(baselineAccuracy)}; trained engine ${STRICTNESS_LEVELS.map((l) => `${strictnessLevels[l].label} ${percent(fixturesAt[l])}`).join(", ")}`,
);

// ---------------------------------------------------------------- language identification
const { identifyLanguage } = await loadAppModule("app/server/detector/language-identification.server.ts");
const notEnglish = rows.filter((row) => !identifyLanguage(row.text).english).length;
const firstWords = (text, n) => text.split(/\s+/).slice(0, n).join(" ");
const notEnglishShort = rows.filter((row) => !identifyLanguage(firstWords(row.text, 40)).english).length;
console.log(
  `\nLanguage identification: ${notEnglish} of ${rows.length} English corpus texts taken for another language (${notEnglishShort} of their first 40 words)`,
);

// ---------------------------------------------------------------- the note the site quotes
const overall = figures(paragraphs);
const aiParagraphs = paragraphs.filter((i) => i.label === 1);
const perGenerator = groupBy(aiParagraphs, (i) => i.model).map(([model, items]) => ({
  model,
  family: familyOf(model),
  n: items.length,
  caught: rate(items, (i) => flagged(i, "balanced")),
  calledHuman: rate(items, calledHuman),
}));
const asLegacy = (f) => ({
  n: f.humans + f.ai,
  auc: f.auc,
  fpr: f.balanced.fpr,
  likelyHuman: f.likelyHuman,
  tpr: f.balanced.caught,
  aiCalledHuman: f.aiCalledHuman,
});
const byName = (entries) => Object.fromEntries(entries.map(([name, f]) => [name, asLegacy(f)]));
const balancedParagraphLine = weightsFile.strictness["80-199"].find((line) => line.level === "balanced");
writeFileSync(
  ACCURACY_NOTE_PATH,
  `${JSON.stringify(
    {
      measured: new Date().toISOString().slice(0, 10),
      scope: {
        heldOut:
          "by source: each source scored by a model trained without it and judged at lines placed without it (the L2R and BiScope repositories per domain)",
        folds: perSource.length,
        level: "Balanced, unless a figure names its level",
        currentChatModels: CURRENT_CHAT_MODELS.filter((model) => perGenerator.some((g) => g.model === model)),
        baseModels: BASE_MODELS.filter((model) => perGenerator.some((g) => g.model === model)),
        excluded:
          "Ott et al. hotel reviews (non-commercial licence); cogfingerprint rows (no licence stated) are measured on, never trained on",
        builtTexts:
          "texts of 200+ words built from several paragraphs of one source, label, genre and generator (the data has no long texts)",
      },
      corpusRows: rows.length,
      sources: new Set(rows.filter((row) => row.repo !== MACHINE_REGISTERS_REPO).map((row) => row.repo)).size,
      ownMachineTexts: rows.filter((row) => row.repo === MACHINE_REGISTERS_REPO).length,
      credits: [
        {
          name: "BiScope (Guo et al., NeurIPS 2024)",
          source: "github.com/MarkGHX/BiScope",
          licence: "CC BY-SA 4.0",
          use: "trained on: WritingPrompts stories, Yelp reviews and arXiv abstracts with Claude 3 and GPT-4-Turbo counterparts",
        },
      ],
      crossSource: asLegacy(overall),
      likelyAi: {
        falsePositiveRate: overall.balanced.fpr,
        currentChatModelsCaught: rate(
          aiParagraphs.filter((i) => isCurrentChat(i)),
          (i) => flagged(i, "balanced"),
        ),
        allAiCaught: overall.balanced.caught,
      },
      humanCalledLikelyHuman: overall.likelyHuman,
      perLevelAndBand: Object.fromEntries(perBand(pasted).map(([name, f]) => [name, f])),
      documentsPerBand: Object.fromEntries(perBand(documents).map(([name, f]) => [name, f])),
      perFamily: Object.fromEntries(
        groupBy(aiParagraphs, (i) => familyOf(i.model)).map(([name, items]) => [
          name,
          Object.fromEntries(STRICTNESS_LEVELS.map((level) => [level, rate(items, (i) => flagged(i, level))])),
        ]),
      ),
      perSourceFalsePositives: sourceChecks,
      neverTrainedOn: {
        source: MEASURED_ONLY_REPO,
        paragraphs: Object.fromEntries(cogByModel),
        documents: shippedFigures(cogDocuments),
      },
      budgets: {
        balancedFpEverySource: overBalanced.length === 0,
        strictFpEverySource: overStrict.length === 0,
        notWorseThanToday: worseThanToday.length === 0,
        currentChatParagraphsCaught: chatCaught,
        currentChatParagraphsCaughtNeverTrainedOn: cogChatCaught,
        documentsCaught,
        documentsCaughtNeverTrainedOn: cogDocumentsCaught,
        humanCalledHuman,
        cpuMsPer1000Words,
      },
      perRegister: byName(groupBy(paragraphs, (i) => i.genre).map(([name, items]) => [name, figures(items)])),
      perSource: byName(perSource.map(([name, f]) => [shortName(name), f])),
      perGenerator: Object.fromEntries(perGenerator.map(({ model, ...rest }) => [model, rest])),
      shortTexts: asLegacy(figures(paragraphs.filter((i) => i.words < 80))),
      weakestGenerators: [...perGenerator]
        .filter((g) => g.n >= 20)
        .sort((a, b) => a.caught - b.caught)
        .slice(0, 3)
        .map(({ model, caught }) => ({ model, detected: caught })),
      fixtures: { trained: fixturesAt.balanced, perLevel: fixturesAt, replaced: baselineAccuracy },
      languageIdentification: {
        englishTexts: rows.length,
        takenForOtherLanguage: notEnglish,
        takenForOtherLanguageAt40Words: notEnglishShort,
      },
      bands: { likelyAiFrom: balancedParagraphLine.likelyAiFrom, likelyHumanBelow: balancedParagraphLine.mixedFrom },
      defaultThreshold: balancedParagraphLine.likelyAiFrom,
    },
    null,
    2,
  )}\n`,
);
console.log(
  `\nWrote ${ACCURACY_NOTE_PATH.pathname.split("/").slice(-3).join("/")}; evaluation took ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
