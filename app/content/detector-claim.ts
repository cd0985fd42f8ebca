import accuracy from "./detector-accuracy.json";

// The only words anywhere on the site about how well the detector works. Each comes from the
// figures `npm run eval:detector` measured on data sets held out of training and wrote to
// detector-accuracy.json, and each says what it was measured on (docs/decisions/003-measured-claims.md).

const percent = (fraction: number | null | undefined) => (typeof fraction === "number" ? `${Math.round(fraction * 100)}%` : "—");

/** One line for feature lists: the catch rate beside the false-positive rate, and their scope. */
export function detectorClaim(): string {
  const { crossSource } = accuracy;
  return `Measured, not promised: ${percent(crossSource.tpr)} of AI text flagged and ${percent(crossSource.fpr)} of human text wrongly flagged, on data sets held out of training`;
}

/** The scope of every figure, for a footnote or a description. */
export function detectorClaimScope(): string {
  return `Measured ${accuracy.measured} by npm run eval:detector on ${accuracy.corpusRows.toLocaleString("en-US")} English texts from ${accuracy.sources} public data sets, each data set tested by a model trained without it`;
}
