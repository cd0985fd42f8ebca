// Named imports, so a page bundles only the figures it shows, not the whole evaluation.
import { likelyAi } from "./detector-accuracy.json";

// The only words anywhere on the site about how well the detector works. Each comes from the
// figures `npm run eval:detector` measured on data sets held out of training and wrote to
// detector-accuracy.json, and each says what it was measured on (docs/decisions/003-measured-claims.md).

const percent = (fraction: number | null | undefined) => {
  if (typeof fraction !== "number") return "—";
  return fraction < 0.01 && fraction > 0 ? "under 1%" : `${Math.round(fraction * 100)}%`;
};

/** One line for feature lists: the catch rate beside the false-positive rate, and their scope. */
export function detectorClaim(): string {
  return `Measured, not promised: ${percent(likelyAi.currentChatModelsCaught)} of text from current chat models called 'Likely AI' at Balanced, the default level, with ${percent(likelyAi.falsePositiveRate)} of human text wrongly called so, on data sets held out of training`;
}
