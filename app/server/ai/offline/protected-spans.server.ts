// Spans a rewrite never touches: code, URLs, e-mail addresses, quotations and numbers. The
// humanizer's rules see them masked; its detector-guided pass skips them.

export const PROTECTED_PATTERNS: readonly RegExp[] = [
  /```[\s\S]*?```|`[^`\n]+`/g,
  /\b(?:https?:\/\/|www\.)[^\s<>"'`]*[^\s<>"'`.,;:!?)\]]/gi,
  /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g,
  /"[^"\n]*"|“[^”]*”/g,
  /‘(?:[^‘’]|’(?=[A-Za-z]))*’(?![A-Za-z])/g,
  /(?<![\w'’])'(?=\S)(?:[^'\n]|'(?=[A-Za-z]))+'(?![A-Za-z])/g,
  /[$€£¥#]?\d(?:[\w%'’/-]|[.,:]\d)*/g,
];

/** [start, end) of every protected span of `text`. */
export function protectedRanges(text: string): [number, number][] {
  return PROTECTED_PATTERNS.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((m): [number, number] => [m.index, m.index + m[0].length]),
  );
}
