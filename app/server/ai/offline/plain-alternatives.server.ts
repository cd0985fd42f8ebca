// Wordings that say the same thing in plainer or more varied words, offered to the detector-guided
// search (detector-guided-edits.ts) beside the lexicon's synonyms. The search keeps an option only
// where the trained detector reads the sentence as less machine-like with it, so an entry here
// may go either way; what an entry must guarantee is that a reader accepts every option in every
// context its pattern matches. The look-arounds narrow each pattern to those contexts (a noun
// reading, a fixed phrase, a different sense are left alone), and an option is never a word the
// sentence's grammar would have to change around.

import type { Tone } from "./tones.server";

export type Alternative = { pattern: RegExp; options: readonly string[]; tones?: readonly Tone[] };

const NOT_ACADEMIC: readonly Tone[] = ["professional", "casual", "friendly", "creative", "persuasive"];
const CONVERSATIONAL: readonly Tone[] = ["casual", "friendly", "creative", "persuasive"];
/** Only at the start of a sentence. */
const at = (phrase: string) => new RegExp(`^${phrase}(?![A-Za-z])`, "i");
/** Anywhere, as whole words (not inside a hyphenated compound or a contraction). */
const anywhere = (phrase: string) => new RegExp(`(?<![A-Za-z'’-])${phrase}(?![A-Za-z'’-])`, "gi");

// Followed by a determiner or possessive: the word before is a verb or preposition taking an object.
const OBJECT = String.raw`(?=\s+(?:the|a|an|this|that|these|those|its|their|his|her|our|your|my|how|what|why|whether)\b)`;
// Preceded by a determiner or quantifier: the word after is a noun.
const NOUN_AFTER = String.raw`(?<=\b(?:the|these|those|its|their|his|her|our|your|my|many|several|some|such|other|of|and|potential|possible|common|main|major|serious)\s+)`;
// Preceded by a subject-like word or a modal: the word after is a verb.
const MODAL = String.raw`(?<=\b(?:to|can|could|will|would|may|might|must|should|also|often|usually|further|help|which|they|we)\s+)`;
// Followed by an adjective or adverb of a common shape, so an intensifier before it can be "very".
const ADJECTIVE = String.raw`(?=\s+[a-z]+(?:ive|ful|ous|ent|ant|able|ible|al|ic|ing|y|ly|er|est|ear|ong|ood|ard|ow|ick|ight|ite|ure|ete|ose)\b)`;

// Words with a plainer twin in every sense they have.
const PLAIN_TWINS: Readonly<Record<string, readonly string[]>> = {
  intricate: ["complex", "detailed"],
  straightforward: ["simple"],
  groundbreaking: ["pioneering"],
  remarkable: ["striking", "notable"],
  robust: ["strong"],
  comprehensive: ["thorough", "full"],
  vibrant: ["lively"],
  pivotal: ["central", "key"],
  seamless: ["smooth"],
  seamlessly: ["smoothly"],
  pertinent: ["relevant"],
  evident: ["clear", "obvious"],
  virtually: ["almost", "nearly"],
};

const FOCUS_FORMS: readonly (readonly [string, string])[] = [
  ["focus", "concentrate"],
  ["focuses", "concentrates"],
  ["focused", "concentrated"],
  ["focusing", "concentrating"],
];

export const ALTERNATIVES: readonly Alternative[] = [
  // Connectives.
  { pattern: at("however,"), options: ["but", "still,"], tones: NOT_ACADEMIC },
  { pattern: at("therefore,"), options: ["so", "as a result,", "thus,"] },
  { pattern: at("thus,"), options: ["so", "therefore,"] },
  { pattern: at("as a result,"), options: ["so", "thus,", "therefore,"] },
  { pattern: at("consequently,"), options: ["so", "thus,", "therefore,", "as a result,"] },
  { pattern: at("hence,"), options: ["so", "thus,", "therefore,"] },
  { pattern: at("in addition,"), options: ["also,", "besides,", "further,"] },
  { pattern: at("for example,"), options: ["for instance,"] },
  { pattern: at("for instance,"), options: ["for example,"] },
  { pattern: at("although"), options: ["though", "even though"] },
  { pattern: at("on the other hand,"), options: ["then again,", "but"] },
  { pattern: at("overall,"), options: ["in general,", "on the whole,"] },
  { pattern: at("clearly,"), options: ["obviously,"] },
  { pattern: at("notably,"), options: ["in particular,"] },
  { pattern: at("currently,"), options: ["at present,", "now"] },
  { pattern: at("in today's (?:world|society|age|modern world|digital world)"), options: ["nowadays", "today"] },
  { pattern: at("these days,"), options: ["nowadays,"] },
  { pattern: anywhere("in this day and age"), options: ["nowadays", "today"] },
  // A contrast after a comma ("…, while others prefer tea"): whereas says it without the sense of time.
  {
    pattern: anywhere("(?<=,\\s+)while(?=\\s+(?:others|some|many|most|other|those|another|the|it|this|they|there|these|we|he|she)\\b)"),
    options: ["whereas"],
  },
  { pattern: at("today,"), options: ["nowadays,", "these days,"] },
  { pattern: anywhere("in reality"), options: ["in fact", "in truth"] },
  // A concession, not a time: "While it is true that…, …" ("While walking home, …" is left alone).
  { pattern: at("while(?!\\s+[a-z]+ing\\b)(?=[^.;!?]*,)"), options: ["although", "though"] },
  // "This" pointing back at the last sentence reads the same as "that".
  { pattern: at("this(?=\\s+(?:is|was|means|meant|shows|showed|explains|suggests)\\b)"), options: ["that"] },
  // Phrases.
  { pattern: anywhere("such as"), options: ["like", "including"] },
  { pattern: anywhere("as well as"), options: ["and", "along with"] },
  // Causal "due to" only (not "due to arrive"): before a determiner or possessive.
  { pattern: anywhere(`due to${OBJECT}`), options: ["because of"] },
  { pattern: anywhere("the majority of"), options: ["most", "most of"] },
  { pattern: anywhere("a number of"), options: ["several", "some"] },
  { pattern: anywhere("whether or not"), options: ["whether"] },
  { pattern: anywhere("each other"), options: ["one another"] },
  { pattern: anywhere("in order to"), options: ["to"] },
  { pattern: anywhere("lots of"), options: ["plenty of"] },
  { pattern: anywhere("a lot of"), options: ["plenty of", "lots of"], tones: CONVERSATIONAL },
  { pattern: anywhere("in spite of"), options: ["despite"] },
  { pattern: anywhere(`despite${OBJECT}`), options: ["in spite of"] },
  { pattern: anywhere(`(?:during|within)${OBJECT}`), options: ["in"] },
  { pattern: anywhere("(?<!\\b(?:has|have|had)\\s+)emerged as"), options: ["became"] },
  { pattern: anywhere("(?<=\\b(?:has|have)\\s+)emerged as"), options: ["become"] },
  { pattern: anywhere("a bit(?!\\s+of\\b)"), options: ["a little", "slightly"] },
  { pattern: anywhere("slightly"), options: ["a little"] },
  { pattern: anywhere("as mentioned(?= (?:earlier|above|before)\\b)"), options: ["as noted"] },
  // Verbs, in the forms and frames where the plain verb takes the same object.
  { pattern: anywhere(`(?:highlights|underscores|showcases|reveals|illustrates|demonstrates)${OBJECT}`), options: ["shows"] },
  {
    pattern: anywhere(`(?:highlighted|underscored|showcased|revealed|illustrated|demonstrated)(?=\\s+(?:that|how|the|its|their)\\b)`),
    options: ["showed"],
  },
  { pattern: anywhere(`${MODAL}(?:highlight|underscore|showcase|reveal|illustrate|demonstrate)${OBJECT}`), options: ["show"] },
  { pattern: anywhere(`(?:highlighting|underscoring|showcasing|revealing|illustrating|demonstrating)${OBJECT}`), options: ["showing"] },
  { pattern: anywhere(`indicates(?=\\s+that\\b)`), options: ["shows", "suggests"] },
  { pattern: anywhere(`provides${OBJECT}`), options: ["gives", "offers"] },
  { pattern: anywhere(`${MODAL}provide${OBJECT}`), options: ["give", "offer"] },
  { pattern: anywhere(`providing(?=\\s+(?:a|an|the|them|us|people|their|its)\\b)`), options: ["giving", "offering"] },
  {
    pattern: anywhere(`offers(?=\\s+(?:a|an|the|many|several|some|plenty|valuable|unique|great|insight|insights)\\b)`),
    options: ["gives", "provides"],
  },
  { pattern: anywhere(`(?:stated|noted|explained|mentioned)(?=\\s+that\\b)`), options: ["said"] },
  { pattern: anywhere(`states(?=\\s+that\\b)`), options: ["says"] },
  { pattern: anywhere(`${MODAL}address${OBJECT}`), options: ["tackle", "deal with"] },
  { pattern: anywhere(`addressing${OBJECT}`), options: ["tackling", "dealing with"] },
  { pattern: anywhere(`${MODAL}(?:foster|cultivate)${OBJECT}`), options: ["build", "encourage"] },
  { pattern: anywhere(`(?:fostering|cultivating)${OBJECT}`), options: ["building", "encouraging"] },
  { pattern: anywhere(`${MODAL}(?:leverage|harness)${OBJECT}`), options: ["use", "make use of"] },
  { pattern: anywhere(`(?:leveraging|harnessing)${OBJECT}`), options: ["using"] },
  { pattern: anywhere(`${MODAL}comprehend${OBJECT}`), options: ["understand", "grasp"] },
  { pattern: anywhere(`${MODAL}understand${OBJECT}`), options: ["grasp"] },
  { pattern: anywhere(`${MODAL}offer${OBJECT}`), options: ["give", "provide"] },
  // The verb "focus on", not the participle ("is focused on").
  // The verb "focus on", not the noun ("a focus on quality") or the participle ("is focused on").
  ...FOCUS_FORMS.map(([form, plain]) => ({
    pattern: anywhere(
      `(?<!\\b(?:a|the|its|their|our|his|her|my|your|this|that|main|special|particular|strong|clear|new|greater|is|are|was|were|be|been|being|stay|remain)\\s+)${form}(?=\\s+on\\b)`,
    ),
    options: [plain],
  })),
  { pattern: anywhere("might(?=\\s+[a-z]+)(?!\\s+not\\b)"), options: ["may", "could"] },
  { pattern: anywhere("might not"), options: ["may not"] },
  { pattern: anywhere(`${MODAL}impact${OBJECT}`), options: ["affect"] },
  {
    pattern: anywhere(`(?<=\\b(?:it|this|that|which|they|also|often|directly|negatively|greatly)\\s+)impacts${OBJECT}`),
    options: ["affects"],
  },
  {
    pattern: anywhere(`(?<=\\b(?:has|have|had|was|were|been|be|is|are|also|directly|negatively|greatly)\\s+)impacted${OBJECT}`),
    options: ["affected"],
  },
  { pattern: anywhere("influenced(?=\\s+by\\b)"), options: ["shaped", "affected"] },
  // Naming, not phoning: "a method called Kriging", "is called 'pho'" (not "she called Mary").
  {
    pattern: anywhere("(?<=\\b(?:(?:a|an)\\s+[a-z]+|is|are|was|were|be|been|being)\\s+)called(?=\\s+[\"“'‘]?[A-Z])"),
    options: ["named", "known as"],
  },
  // The preposition only ("Considering the cost, …"), not the verb ("we are considering the offer").
  { pattern: at("considering(?=\\s+(?:the|that|this|these|its|their|how)\\b)"), options: ["given"] },
  { pattern: anywhere("(?<=,\\s+)considering(?=\\s+(?:the|that|this|these|its|their|how)\\b)"), options: ["given"] },
  // Nouns, after a determiner or quantifier.
  { pattern: anywhere(`${NOUN_AFTER}(?:challenges|issues)`), options: ["problems", "difficulties"] },
  {
    pattern: anywhere(`${NOUN_AFTER}(?:challenge|issue)(?=\\s+(?:is|was|of|for|in|that|with|facing)\\b|[.,;])`),
    options: ["problem", "difficulty"],
  },
  {
    pattern: anywhere(
      "(?<=\\b(?:face|faces|faced|facing|pose|poses|posed|overcome|overcoming|new|unique|significant|major)\\s+)challenges",
    ),
    options: ["problems", "difficulties"],
  },
  {
    pattern: anywhere(
      "(?<=\\b(?:the|a|an|our|their|his|her|its|my|your|better|deeper|clear|good|full|greater|basic|thorough)\\s+)understanding(?=\\s+of\\b)",
    ),
    options: ["grasp", "knowledge"],
  },
  { pattern: anywhere("(?<=\\b(?:each|every|any)\\s+)individual(?!\\s+[a-z])"), options: ["person"] },
  { pattern: anywhere(`${NOUN_AFTER}benefits(?!\\s+(?:the|from|a|an|us|them|people|everyone)\\b)`), options: ["advantages"] },
  { pattern: anywhere(`${NOUN_AFTER}drawbacks`), options: ["disadvantages"] },
  { pattern: anywhere("(?<!\\bstatistical\\s+)significance"), options: ["importance"] },
  { pattern: anywhere(`${NOUN_AFTER}(?:perspective|viewpoint)(?= (?:on|of)\\b)`), options: ["view"] },
  { pattern: anywhere("in my (?:view|perspective)"), options: ["in my opinion"] },
  // Adjectives and adverbs with a plainer twin in every sense the pattern admits.
  ...Object.entries(PLAIN_TWINS).map(([word, options]) => ({ pattern: anywhere(word), options })),
  { pattern: anywhere("(?:specific)(?=\\s+[a-z]+)"), options: ["particular"] },
  {
    pattern: anywhere(
      "(?<!\\b(?:am|is|are|was|were|be|been|feel|felt|quite|not|very|almost|fairly|pretty|more|less|for|make|makes|made)\\s+)certain(?=\\s+(?!(?:this|these|those|his|its|is|was|has|does|as|us|thus|yes|less)\\b)[a-z]+s\\b)",
    ),
    options: ["some"],
  },
  {
    pattern: anywhere(
      "(?<=\\b(?:a|the|its|their|our|his|her|one)\\s+)key(?=\\s+(?:factors?|roles?|points?|figures?|features?|components?|ingredients?|areas?|themes?|differences?|questions?|goals?|parts?|reasons?|ideas?|concepts?|steps?|elements?|aspects?|players?|drivers?|benefits?|findings?|issues?)\\b)",
    ),
    options: ["main", "central"],
  },
  {
    pattern: anywhere(
      "(?<=\\b(?:a|the|our|their|its)\\s+)shared(?=\\s+(?:values?|goals?|interests?|history|experiences?|understanding|vision|responsibility|culture|language|space)\\b)",
    ),
    options: ["common"],
  },
  // The adjective, not the verb ("challenging the notion").
  {
    pattern: anywhere("challenging(?!\\s+(?:the|a|an|his|her|their|its|our|this|that|these|those|them|us|me|him|what|how)\\b)"),
    options: ["difficult", "demanding"],
  },
  {
    pattern: anywhere(
      `(?<!\\b(?:full|great|huge|real|enormous|untapped|its|their|his|her|our|your)\\s+)potential(?=\\s+(?:risks?|benefits?|problems?|issues?|dangers?|threats?|causes?|effects?|impacts?|consequences?|solutions?|outcomes?|uses?|applications?|sources?|side)\\b)`,
    ),
    options: ["possible"],
  },
  { pattern: anywhere("potentially"), options: ["possibly"] },
  {
    pattern: anywhere(
      "(?:additional)(?=\\s+(?:information|details|research|study|studies|evidence|data|help|support|steps|questions|training|resources|costs)\\b)",
    ),
    options: ["further", "more"],
  },
  { pattern: anywhere("(?:diverse)(?=\\s+[a-z]+)"), options: ["varied"] },
  { pattern: anywhere("(?:crucial|vital)(?!\\s+(?:signs|organs)\\b)"), options: ["essential"] },
  { pattern: anywhere("(?:typically|usually)"), options: ["normally", "generally"] },
  { pattern: anywhere("(?:currently)(?=\\s+[a-z]+)"), options: ["now", "at present"] },
  { pattern: anywhere("towards"), options: ["toward"] },
  // "Like" before a name after a plural noun is "such as" ("economies like China").
  // Case-sensitive, unlike the others: the capital is the point.
  { pattern: /(?<=\b[A-Za-z][a-z]{2,}s,?\s+)like(?=\s+[A-Z][a-z]+\b)/g, options: ["such as"] },
  { pattern: anywhere(`(?:extremely|incredibly|exceptionally|remarkably)${ADJECTIVE}`), options: ["very"] },
  { pattern: anywhere(`highly(?=\\s+[a-z]+(?:ive|ful|ous|ent|ant|able|ible|al|ic)\\b)`), options: ["very"] },
  // Contractions, by tone.
  // "many" as a determiner before a noun only: not "how many", "many of", "many more".
  {
    pattern: anywhere(
      "(?<!\\b(?:how|so|too|as|very|not|that|the|a|his|her|their|our|its)\\s+)many(?=\\s+[a-z]+s\\b)(?!\\s+(?:of|more|times|less|fewer)\\b)",
    ),
    options: ["a lot of", "plenty of"],
    tones: CONVERSATIONAL,
  },
  { pattern: anywhere("people"), options: ["folks"], tones: ["casual", "friendly"] },
  { pattern: anywhere("it is(?=\\s+[a-z])"), options: ["it's"], tones: CONVERSATIONAL },
  { pattern: anywhere("there is(?=\\s+[a-z])"), options: ["there's"], tones: CONVERSATIONAL },
  { pattern: anywhere("they are(?=\\s+[a-z])"), options: ["they're"], tones: CONVERSATIONAL },
  { pattern: anywhere("you are(?=\\s+[a-z])"), options: ["you're"], tones: CONVERSATIONAL },
  { pattern: anywhere("we are(?=\\s+[a-z])"), options: ["we're"], tones: CONVERSATIONAL },
  { pattern: anywhere("do not"), options: ["don't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("does not"), options: ["doesn't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("is not"), options: ["isn't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("are not"), options: ["aren't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("cannot"), options: ["can't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("will not"), options: ["won't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("don't"), options: ["do not"], tones: ["academic"] },
  // "It's been" is "it has been".
  { pattern: anywhere("it's(?!\\s+(?:been|got|had)\\b)"), options: ["it is"], tones: ["academic", "professional"] },
];

/**
 * The alternatives that may match `sentence` in `tone`: each pattern runs only on a sentence that
 * contains one of its cue words (see cuesOf), since most of the table's look-arounds are slow to
 * try at every position of every sentence.
 */
export function alternativesFor(sentence: string, tone: Tone): Alternative[] {
  const lower = sentence.toLowerCase();
  return CUED.filter(
    ({ alternative, cues }) =>
      (!alternative.tones || alternative.tones.includes(tone)) && (cues === undefined || cues.some((cue) => lower.includes(cue))),
  ).map(({ alternative }) => alternative);
}

/**
 * Words one of which every match of `pattern` contains: the longest literal run of letters of
 * each branch of the pattern once look-arounds, character classes, escapes and optional letters
 * are set aside; none when some branch has no literal of three letters or more.
 */
export function cuesOf(pattern: RegExp): string[] | undefined {
  const literal = withoutLookarounds(pattern.source)
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\\./g, " ")
    .replace(/[A-Za-z'’](?=[?*]|\{0)/g, " ");
  const cues = literal
    .split("|")
    .map((branch) => (branch.match(/[A-Za-z'’]{3,}/g) ?? []).sort((a, b) => b.length - a.length)[0]?.toLowerCase());
  return cues.every((cue): cue is string => cue !== undefined) ? cues : undefined;
}

function withoutLookarounds(source: string): string {
  let result = "";
  for (let i = 0; i < source.length; i += 1) {
    if (source[i] === "\\") {
      result += source.slice(i, i + 2);
      i += 1;
    } else if (/^\(\?<?[=!]/.test(source.slice(i))) {
      i = closingParen(source, i);
    } else {
      result += source[i];
    }
  }
  return result;
}

function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    if (source[i] === "\\") i += 1;
    else if (source[i] === "[") i = source.indexOf("]", i + 1);
    else if (source[i] === "(") depth += 1;
    else if (source[i] === ")" && --depth === 0) return i;
  }
  return source.length;
}

const CUED = ALTERNATIVES.map((alternative) => ({ alternative, cues: cuesOf(alternative.pattern) }));
