/** The detector's verdict for an AI probability (0–100), as the gauge and the API say it. */
export function detectorVerdict(probability: number): "Likely AI-written" | "Mixed signals" | "Likely human-written" {
  return probability >= 70 ? "Likely AI-written" : probability >= 40 ? "Mixed signals" : "Likely human-written";
}
