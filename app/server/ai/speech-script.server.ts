// Text to be read aloud by a voice model, in pieces it can read in one response, and the check that
// what it said is what was written.

/**
 * One Realtime response stops at 4,096 output tokens (`max_output_tokens`), a little over three
 * minutes of audio; 1,000 characters is about a minute of speech, well inside it at any speed.
 */
export const MAX_CHARACTERS_PER_RESPONSE = 1_000;

/** Splits on sentence ends (then on commas or spaces for a run-on sentence), never inside a word. */
export function splitForSpeech(text: string, limit = MAX_CHARACTERS_PER_RESPONSE): string[] {
  const sentences = text.match(/[^.!?…\n]+(?:[.!?…]+["'”’)\]]*|\n+|$)\s*/g) ?? [text];
  const pieces: string[] = [];
  let current = "";
  for (const sentence of sentences.flatMap((candidate) => breakLongRun(candidate, limit))) {
    if (current && current.length + sentence.length > limit) {
      pieces.push(current.trim());
      current = "";
    }
    current += sentence;
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces.filter((piece) => piece !== "");
}

function breakLongRun(sentence: string, limit: number): string[] {
  if (sentence.length <= limit) return [sentence];
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const clause = Math.max(window.lastIndexOf(", "), window.lastIndexOf("; "));
    const space = window.lastIndexOf(" ");
    const cut = clause > 0 ? clause + 2 : space > 0 ? space + 1 : limit;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return rest ? [...parts, rest] : parts;
}

/** Words as a listener hears them: case, accents and punctuation do not count. */
export function spokenWords(text: string): string[] {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []
  ).map((word) => word.replace(/’/g, "'"));
}

/**
 * The share of the written words the transcript got wrong (word-level edit distance over the
 * number of written words). A model that reads faithfully scores near 0; numbers spoken as words
 * ('20' as 'twenty') cost a little, a paraphrase or an answer instead of a reading costs a lot.
 */
export function transcriptDifference(written: string, transcript: string): number {
  const expected = spokenWords(written);
  const heard = spokenWords(transcript);
  if (expected.length === 0) return heard.length === 0 ? 0 : 1;
  let previous = Array.from({ length: heard.length + 1 }, (_, index) => index);
  for (let i = 1; i <= expected.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= heard.length; j += 1) {
      const substitution = previous[j - 1]! + (expected[i - 1] === heard[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, previous[j]! + 1, row[j - 1]! + 1));
    }
    previous = row;
  }
  return previous[heard.length]! / expected.length;
}

/** Above this share of wrong words the audio is not what the person wrote, and is not kept. */
export const MAX_TRANSCRIPT_DIFFERENCE = 0.2;
