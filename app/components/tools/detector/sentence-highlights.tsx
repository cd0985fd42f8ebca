import type { DetectionResult, SentenceScore } from "~/shared/ai-types";

// The edges come with the result: the trained model's own bands, the same as the document's verdict.
function bandsOf({ likelyAi, mixedFrom }: DetectionResult["bands"]) {
  return [
    { min: likelyAi, label: "reads as AI", className: "bg-rose-500/25 text-rose-50 decoration-rose-400" },
    { min: mixedFrom, label: "mixed", className: "bg-amber-400/20 text-amber-50 decoration-amber-300" },
    { min: 0, label: "reads as human", className: "text-slate-200" },
  ] as const;
}

/** The analysed text with each sentence tinted by the detector's score of it. */
export function SentenceHighlights({
  text,
  sentences,
  bands: edges,
}: {
  text: string;
  sentences: SentenceScore[];
  bands: DetectionResult["bands"];
}) {
  if (sentences.length === 0) return null;
  const bands = bandsOf(edges);
  const bandOf = (score: number) => bands.find((band) => score >= band.min) ?? bands[2];
  const pieces: React.ReactNode[] = [];
  let cursor = 0;
  sentences.forEach((sentence, index) => {
    if (sentence.start > cursor) pieces.push(text.slice(cursor, sentence.start));
    const band = bandOf(sentence.score);
    pieces.push(
      <span key={index} className={`rounded px-0.5 ${band.className}`} title={`${Math.round(sentence.score * 100)}% AI-like`}>
        {text.slice(sentence.start, sentence.end)}
        {band.min > 0 ? <span className="sr-only"> ({band.label})</span> : null}
      </span>,
    );
    cursor = sentence.end;
  });
  if (cursor < text.length) pieces.push(text.slice(cursor));
  return (
    <div>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-300">Sentence by sentence</h3>
      <ul className="mt-2 flex flex-wrap gap-3 text-xs text-slate-300" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded bg-rose-500/50" aria-hidden="true" /> reads as AI
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded bg-amber-400/40" aria-hidden="true" /> mixed
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded border border-white/20" aria-hidden="true" /> reads as human
        </li>
      </ul>
      <p className="mt-3 whitespace-pre-wrap leading-7">{pieces}</p>
      <p className="mt-2 text-xs text-slate-400">Sentence tints come from the same trained model, scoring each sentence's own wording.</p>
    </div>
  );
}
