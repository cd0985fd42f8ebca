// Named imports, so the page bundles only the figures it shows, not the whole evaluation.
import {
  corpusRows,
  credits,
  crossSource,
  fixtures,
  humanCalledLikelyHuman,
  likelyAi,
  measured,
  ownMachineTexts,
  perLevelAndBand,
  perRegister,
  shortTexts,
  sources,
  weakestGenerators,
} from "~/content/detector-accuracy.json";

const percent = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? "—" : `${Math.round(fraction * 1000) / 10}%`;

// Registers people paste most; each line quotes its own measured false-positive rate.
const CASUAL_REGISTERS = [
  ["social", "social-media posts and replies"],
  ["review", "reviews"],
  ["email", "e-mails"],
  ["essay", "essays (mostly English learners')"],
] as const;

/**
 * 'How accurate is this?': the figures `npm run eval:detector` measured and wrote to
 * app/content/detector-accuracy.json; nothing here is typed by hand.
 */
export function AccuracyNote() {
  const registers: Record<string, { fpr: number | null } | undefined> = perRegister;
  const levels: Record<string, { balanced: { fpr: number | null; caught: number | null } } | undefined> = perLevelAndBand;
  return (
    <details className="rounded-2xl border border-white/10 bg-slate-900/60 p-5 text-sm text-slate-300">
      <summary className="cursor-pointer font-semibold text-white">How accurate is this?</summary>
      <div className="mt-3 grid gap-2">
        <p>
          The detector is a model trained on {corpusRows.toLocaleString("en-US")} English human and machine texts from {sources} public data
          sets and {ownMachineTexts} machine-written texts of our own. Each data set was tested after training without it and judged at
          lines placed without it (measured {measured}): ROC AUC {crossSource.auc?.toFixed(2)}. At Balanced, the default level, it wrongly
          accused {percent(likelyAi.falsePositiveRate)} of human paragraphs and called {percent(likelyAi.currentChatModelsCaught)} of the
          paragraphs from current chat models (GPT-4, GPT-4o, Claude, Gemini, Llama, DeepSeek, Gemma) 'Likely AI'; the rest mostly lands in
          'Mixed'. {percent(humanCalledLikelyHuman)} of human paragraphs were called 'Likely human'. Longer texts carry more evidence and
          have lines of their own: at Balanced it caught {percent(levels["80–199 words"]?.balanced.caught)} of AI texts of 80–199 words and{" "}
          {percent(levels["500 words or more"]?.balanced.caught)} of 500 words or more, wrongly flagging{" "}
          {percent(levels["80–199 words"]?.balanced.fpr)} and {percent(levels["500 words or more"]?.balanced.fpr)} of human ones. The lines
          are placed so that no source of human text gets more than its level's share of false accusations; where a source could not be held
          to that, the evaluation says so.
        </p>
        <p>
          Human texts wrongly called AI, by kind:{" "}
          {CASUAL_REGISTERS.map(([id, name]) => `${name} ${percent(registers[id]?.fpr)}`).join(", ")}. It misses most text from older base
          models such as {weakestGenerators.map((g) => g.model).join(", ")}. On texts of 40–79 words the AUC is {shortTexts.auc?.toFixed(2)}
          : short texts get a verdict, shown with the range the score could fairly be in.
        </p>
        <p>
          On our own labelled samples it scores {percent(fixtures.trained)} (the hand-tuned engine it replaced: {percent(fixtures.replaced)}
          ). It reads English only for now. No detector is proof: treat a verdict as one signal, never as evidence on its own. With an
          OpenAI key the headline is still this model; the provider's analysis is shown as commentary (OpenAI's API does not return the
          log-probabilities of a given text). Where the site's operator runs an open language-model server, a Binoculars score can call a
          text 'Likely AI' too, and the verdict names it; its lines are the paper's, not measured here.
        </p>
        <p>
          Trained in part on{" "}
          {credits.map((credit) => (
            <span key={credit.source}>
              {credit.name}, <a href={`https://${credit.source}`}>{credit.source}</a>, licensed {credit.licence}
            </span>
          ))}
          .
        </p>
      </div>
    </details>
  );
}
