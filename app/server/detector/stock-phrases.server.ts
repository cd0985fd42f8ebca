// Stock phrases that chat assistants overuse. The detector counts them; the humanizer rewrites
// them. `plain` is the plainer wording ("" deletes the phrase, null means "count, don't rewrite");
// connectives are rewritten per tone by the humanizer. Replacements keep the first sound's
// vowel/consonant class so a preceding "a"/"an" stays correct.

export type StockPhraseKind = "phrase" | "addition" | "conclusion";

export type StockPhrase = {
  phrase: string;
  pattern: RegExp;
  plain: string | null;
  kind: StockPhraseKind;
};

type Entry = [phrase: string, plain: string | null];

// A fixed phrase becomes a case-insensitive, word-bounded pattern; apostrophes and hyphens match
// their typographic variants. A deleted filler takes its trailing comma with it; a connective
// counts only with its comma ("Overall, …", not "overall health").
function toPattern(phrase: string, tail: "word" | "optional-comma" | "comma"): RegExp {
  const body = phrase
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/'/g, "['’]")
    .replace(/-/g, "[-‐ ]?")
    .replace(/ /g, "\\s+");
  const ending = { word: "\\b", "optional-comma": ",?\\s*", comma: ",\\s*" }[tail];
  return new RegExp(`\\b${body}${ending}`, "gi");
}

const PHRASES: Entry[] = [
  ["in today's fast-paced world", ""],
  ["in today's fast-paced digital landscape", ""],
  ["in today's digital landscape", ""],
  ["in today's digital age", ""],
  ["in today's world", ""],
  ["in the digital age", "today"],
  ["in an increasingly interconnected world", ""],
  ["in the ever-evolving world of", "in"],
  ["in the ever-evolving landscape of", "in"],
  ["it is important to note that", ""],
  ["it's important to note that", ""],
  ["it is worth noting that", ""],
  ["it's worth noting that", ""],
  ["it is important to remember that", ""],
  ["it is essential to", "you need to"],
  ["it is crucial to", "you need to"],
  ["when it comes to", "with"],
  ["delve into", "look into"],
  ["delves into", "looks into"],
  ["delved into", "looked into"],
  ["delving into", "looking into"],
  ["dive deep into", "look closely at"],
  ["deep dive into", "close look at"],
  ["a rich tapestry of", "a mix of"],
  ["tapestry of", "mix of"],
  ["tapestry", "mix"],
  ["leverage", "use"],
  ["leverages", "uses"],
  ["leveraged", "used"],
  ["leveraging", "using"],
  ["seamlessly", "smoothly"],
  ["seamless", "smooth"],
  ["unlock the full potential of", "get the most from"],
  ["unlock the potential of", "get more from"],
  ["unlock your full potential", "do your best work"],
  ["unlock new opportunities", "open new doors"],
  ["navigate the complexities of", "deal with"],
  ["navigating the complexities of", "dealing with"],
  ["navigate the complexities", "deal with the details"],
  ["plays a crucial role in", "is key to"],
  ["plays a vital role in", "is key to"],
  ["plays a pivotal role in", "is key to"],
  ["plays a key role in", "is key to"],
  ["to play a crucial role in", "to be key to"],
  ["to play a vital role in", "to be key to"],
  ["to play a pivotal role in", "to be key to"],
  ["to play a key role in", "to be key to"],
  ["play a crucial role in", "are key to"],
  ["play a vital role in", "are key to"],
  ["play a pivotal role in", "are key to"],
  ["plays a crucial role", "matters"],
  ["plays a vital role", "matters"],
  ["stands as a testament to", "shows"],
  ["is a testament to", "shows"],
  ["a testament to", "proof of"],
  ["ever-evolving", "changing"],
  ["ever-changing", "changing"],
  ["digital landscape", "digital world"],
  ["business landscape", "business world"],
  ["competitive landscape", "competition"],
  ["landscape of", null],
  ["robust", "solid"],
  ["foster", "build"],
  ["fosters", "builds"],
  ["fostering", "building"],
  ["fostered", "built"],
  ["holistic", "complete"],
  ["comprehensive", "thorough"],
  ["crucial", "key"],
  ["pivotal", "key"],
  ["paramount", "vital"],
  ["a myriad of", "many"],
  ["myriad", "many"],
  ["a plethora of", "plenty of"],
  ["embark on", "start"],
  ["embarking on", "starting"],
  ["in the realm of", "in"],
  ["realm", "world"],
  ["harness the power of", "use"],
  ["harnessing the power of", "using"],
  ["harness", "use"],
  ["harnessing", "using"],
  ["cutting-edge", "modern"],
  ["state-of-the-art", "modern"],
  ["game-changer", "big change"],
  ["game changer", "big change"],
  ["transformative", "major"],
  ["revolutionize", "change"],
  ["revolutionized", "changed"],
  ["elevate", "improve"],
  ["elevates", "improves"],
  ["elevating", "improving"],
  ["empower", "help"],
  ["empowers", "helps"],
  ["empowering", "helping"],
  ["streamline", "simplify"],
  ["streamlines", "simplifies"],
  ["enhance", "improve"],
  ["enhances", "improves"],
  ["enhancing", "improving"],
  ["meticulously", "carefully"],
  ["meticulous", "careful"],
  ["vibrant", "lively"],
  ["bustling", "busy"],
  ["serves as", "is"],
  ["stands as", "is"],
  ["ensure", null],
  ["ensures", null],
  ["ensuring", null],
  ["a wide range of", "many"],
  ["a wide array of", "many"],
  ["resonate with", "appeal to"],
  ["resonates with", "appeals to"],
  ["valuable insights into", "a clear view of"],
  ["valuable insights", "useful information"],
  ["treasure trove of", "wealth of"],
  ["look no further", null],
  ["poised to", "set to"],
  ["unparalleled", "unmatched"],
  ["unprecedented", null],
  ["whether you're a", null],
  ["whether you are", null],
  ["not just a", null],
  ["not only", null],
  ["embrace", null],
  ["embracing", null],
  ["journey", null],
  ["thrive", null],
  ["thriving", null],
  ["navigate", null],
  ["innovative", null],
  ["meaningful", null],
  ["essential", null],
  ["well-being", null],
  ["actionable", null],
  ["invaluable", null],
];

const ADDITIONS = ["furthermore", "moreover", "additionally"];
const CONCLUSIONS = ["in conclusion", "in summary", "ultimately", "overall", "in essence"];

function connective(phrase: string, kind: StockPhraseKind): StockPhrase {
  return { phrase, pattern: toPattern(phrase, "comma"), plain: null, kind };
}

/** Longer phrases first, so "a rich tapestry of" wins over "tapestry". */
export const STOCK_PHRASES: readonly StockPhrase[] = [
  ...PHRASES.map(([phrase, plain]): StockPhrase => ({
    phrase,
    pattern: toPattern(phrase, plain === "" ? "optional-comma" : "word"),
    plain,
    kind: "phrase",
  })),
  ...ADDITIONS.map((phrase) => connective(phrase, "addition")),
  ...CONCLUSIONS.map((phrase) => connective(phrase, "conclusion")),
].sort((a, b) => b.phrase.length - a.phrase.length);

export type StockPhraseHit = { phrase: string; index: number; length: number };

/** Every stock phrase in the text, without overlaps (the longest phrase wins). */
export function findStockPhrases(text: string): StockPhraseHit[] {
  const hits: StockPhraseHit[] = [];
  const taken: boolean[] = Array.from<boolean>({ length: text.length }).fill(false);
  for (const { phrase, pattern } of STOCK_PHRASES) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const length = match[0].trimEnd().length;
      if (taken.slice(start, start + length).some(Boolean)) continue;
      taken.fill(true, start, start + length);
      hits.push({ phrase, index: start, length });
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}
