// Which sentence openers may lose their capital when a sentence is joined to the one before, shared
// by the humanizer's rules and its detector-guided search.

export const JOINABLE_OPENERS = new Set(["it", "this", "that", "they", "we", "you", "he", "she", "there", "the", "these", "those"]);

// Function words that open sentences and are never names.
const LOWERABLE_OPENERS = new Set(
  "a an after although as at before by during each every for from if in its many most much no not now on once one our since some such then though through to today when where while with without".split(
    " ",
  ),
);

/**
 * Whether a sentence's first word may lose its capital when the sentence is joined to the one
 * before: a function word, or a word the text itself also writes in lower case ("Students…"
 * beside "students"), so never a name ("Baroque", "April", "I").
 */
export function mayLowerOpener(sentence: string, text: string): boolean {
  const first = /^[A-Za-z]+/.exec(sentence)?.[0] ?? "";
  if (first === "" || first === "I" || /[A-Z]/.test(first.slice(1))) return false;
  // A sentence that opens with a connective ("In addition, …") reads badly after a joiner.
  if (/^(?:[A-Za-z]+\s+){0,3}[A-Za-z]+,/.test(sentence)) return false;
  const lower = first.toLowerCase();
  return JOINABLE_OPENERS.has(lower) || LOWERABLE_OPENERS.has(lower) || new RegExp(`(?<![A-Za-z])${lower}(?![A-Za-z])`).test(text);
}
