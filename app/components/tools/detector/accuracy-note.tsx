import accuracy from "~/content/detector-accuracy.json";

const percent = (fraction: number | null) => (fraction === null ? "—" : `${Math.round(fraction * 100)}%`);

/**
 * 'How accurate is this?': the figures `npm run eval:detector` measured and wrote to
 * app/content/detector-accuracy.json; nothing here is typed by hand.
 */
export function AccuracyNote() {
  const { crossSource, shortTexts, validation, fixtures } = accuracy;
  return (
    <details className="rounded-2xl border border-white/10 bg-slate-900/60 p-5 text-sm text-slate-300">
      <summary className="cursor-pointer font-semibold text-white">How accurate is this?</summary>
      <div className="mt-3 grid gap-2">
        <p>
          The detector is a model trained on {accuracy.corpusRows.toLocaleString("en-US")} human and machine texts: from{" "}
          {accuracy.sources} public data sets, and {accuracy.ownMachineTexts} machine-written e-mails, posts, product
          descriptions and answers of our own. Tested on each data set after training without it (measured{" "}
          {accuracy.measured}): ROC AUC {crossSource.auc?.toFixed(2)}, {percent(crossSource.accuracy)} correct,{" "}
          {percent(crossSource.tpr)} of machine texts caught, and {percent(crossSource.fpr)} of human texts wrongly called
          AI at the default threshold ({Math.round(accuracy.defaultThreshold * 100)}%).
        </p>
        <p>
          On the data sets used to calibrate it, a stated probability is off by {percent(validation.calibrationError)} on
          average and {percent(validation.fpr)} of human texts are wrongly called AI. On texts of 40–79 words the AUC is{" "}
          {shortTexts.auc?.toFixed(2)}, which is why texts under 80 words get no verdict. It misses most text from older
          models such as {accuracy.weakestGenerators.map((g) => g.model).join(", ")}, and English learners' essays are the
          human writing it most often mistakes for AI.
        </p>
        <p>
          On our own labelled samples it scores {percent(fixtures.trained)} (the hand-tuned engine it replaced:{" "}
          {percent(fixtures.replaced)}). No detector is proof: treat a verdict as one signal, never as evidence on its own.
          With an OpenAI key the headline is still this model; the provider's analysis is shown as commentary. Likelihood
          scoring by a large model is not offered, because OpenAI's API no longer returns the log-probabilities of a given
          text.
        </p>
      </div>
    </details>
  );
}
