// Offline writer: a structured Markdown draft per content type, filled from the topic and the
// keywords by templates. Deterministic (wording varies by a hash of the input), not a language model.

import { isCommonWord } from "~/server/detector/common-words.server";
import { hashString } from "~/server/detector/text-stats.server";

export type ContentTypeId = "blog" | "social" | "email" | "product" | "ad" | "script";

export type WriteInput = { type: ContentTypeId; keywords: string[]; topic: string };

export const OFFLINE_NOTICE = "Offline demo draft: a template filled from your topic and keywords, not written by a language model.";

export const LIMITS = { adHeadline: 30, adDescription: 90, socialPost: 280, emailSubject: 60, headline: 60 } as const;

const MAX_KEYWORDS = 6;
const MAX_KEYWORD_LENGTH = 40;

/** Everything a template needs, derived once from the raw input. */
type Brief = {
  topic: string; // the topic as a phrase, for use inside sentences
  title: string; // the topic in Title Case, trimmed to a headline
  keywords: string[]; // at least one entry
  primary: string;
  seed: number;
};

/** Writes a Markdown draft of the chosen type; the same input always gives the same draft. */
export function writeContent(input: WriteInput): string {
  const brief = makeBrief(input);
  const draft = TEMPLATES[input.type](brief);
  return `${draft.trim()}\n\n*${OFFLINE_NOTICE}*\n`;
}

const TEMPLATES: Record<ContentTypeId, (brief: Brief) => string> = {
  blog: writeBlogPost,
  social: writeSocialPosts,
  email: writeEmail,
  product: writeProductDescription,
  ad: writeAdCopy,
  script: writeVideoScript,
};

// ---------------------------------------------------------------- the brief

const CONTENT_NOUN =
  "(?:blog\\s+post|article|post|e-?mail|ad\\s+copy|ad|product\\s+description|description|video\\s+script|script|tweet|caption|social\\s+media\\s+post|newsletter|thread)s?";
// "Please write a short blog post about …", "about …": the request, not the topic.
const REQUEST_PREFIX = new RegExp(
  `^(?:please\\s+)?(?:can you\\s+)?(?:write|create|generate|draft|make|compose|give me)\\s+(?:me\\s+)?(?:an?\\s+|some\\s+)?(?:[\\w-]+\\s+){0,2}?${CONTENT_NOUN}\\s+(?:about|on|regarding|for)\\s+`,
  "i",
);
const BARE_PREFIX = /^(?:about|on|regarding)\s+/i;

const STOP_WORDS = new Set(
  "a an the and or but of to in on for with about how why what when where who your my our their its is are be can do does best way ways into from this that these those".split(
    " ",
  ),
);

function makeBrief(input: WriteInput): Brief {
  const keywords = cleanKeywords(input.keywords);
  const topic = topicPhrase(input.topic) || keywords[0] || "your topic";
  const allKeywords = keywords.length > 0 ? keywords : keywordsFromTopic(topic);
  return {
    topic,
    title: titleCase(topic),
    keywords: allKeywords,
    primary: allKeywords[0] ?? topic,
    seed: hashString(`${input.type}|${topic}|${allKeywords.join(",")}`),
  };
}

/** Trimmed, de-duplicated keywords without leading "#", at most six. */
function cleanKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of keywords) {
    const keyword = raw.replace(/^#+/, "").replace(/\s+/g, " ").trim().slice(0, MAX_KEYWORD_LENGTH).trim();
    if (keyword === "" || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    result.push(keyword);
  }
  return result.slice(0, MAX_KEYWORDS);
}

// The first line or sentence of the request, minus "write a blog post about", cut to a
// headline; a common first word is lower-cased so the phrase reads well mid-sentence.
function topicPhrase(rawTopic: string): string {
  const firstLine = rawTopic.trim().split(/\n|(?<=[.!?])\s/)[0] ?? "";
  const phrase = firstLine
    .replace(REQUEST_PREFIX, "")
    .replace(BARE_PREFIX, "")
    .replace(/[.!?,;:]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
  const firstWord = phrase.split(" ")[0] ?? "";
  const lowered = /^[A-Z][a-z]*$/.test(firstWord) && isCommonWord(firstWord) ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : phrase;
  return shortenToHeadline(lowered);
}

const CLAUSE_BREAK = /,\s|\s(?:with|without|and|that|which|who|using|because|while|so that|for people who)\s/g;
const DANGLING = new Set([...STOP_WORDS, "very", "with", "without", "no", "so", "just", "really", "more", "less", "little", "at", "by"]);

// Long topics are cut at the last clause break that fits ("… on a small balcony" rather than
// "… on a small balcony with very"), else at a word, and never end on a dangling small word.
function shortenToHeadline(phrase: string): string {
  if (phrase.length <= LIMITS.headline) return phrase;
  const breaks = [...phrase.matchAll(CLAUSE_BREAK)].map((m) => m.index).filter((i) => i >= 20 && i <= LIMITS.headline);
  const cut = breaks.length > 0 ? phrase.slice(0, breaks.at(-1)) : truncateWords(phrase, LIMITS.headline, "");
  const words = cut.split(" ");
  while (words.length > 1 && DANGLING.has((words.at(-1) ?? "").toLowerCase())) words.pop();
  return words.join(" ");
}

function keywordsFromTopic(topic: string): string[] {
  const words = topic.split(/\s+/).filter((w) => w.length > 3 && !STOP_WORDS.has(w.toLowerCase()));
  return words.length > 0 ? words.slice(0, 3) : [topic];
}

const SMALL_WORDS = new Set("a an the and or but nor for on in at to of by with from vs via as".split(" "));

/** Title Case that keeps acronyms and brand spellings ("SEO", "iPhone") as typed. */
function titleCase(phrase: string): string {
  const words = phrase.split(" ");
  return words
    .map((word, index) => {
      if (/[A-Z0-9]/.test(word.slice(1)) || /^[A-Z]{2,}/.test(word)) return word;
      const small = SMALL_WORDS.has(word.toLowerCase()) && index > 0 && index < words.length - 1;
      return small ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(" ");
}

/** Cuts at a word boundary so the result fits `max` characters, adding `ellipsis` when cut. */
function truncateWords(text: string, max: number, ellipsis = "…"): string {
  if (text.length <= max) return text;
  const room = max - ellipsis.length;
  const cut = text.slice(0, room + 1);
  const boundary = cut.lastIndexOf(" ");
  const head = (boundary > 0 ? cut.slice(0, boundary) : text.slice(0, room)).replace(/[\s,;:–—-]+$/, "");
  return head + ellipsis;
}

function hashtag(keyword: string): string {
  const camel = keyword
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
  return camel === "" ? "" : `#${camel}`;
}

function pick<T>(options: readonly T[], seed: number, salt: number): T {
  const choice = options[(seed + salt * 7919) % options.length];
  if (choice === undefined) throw new Error("pick needs at least one option");
  return choice;
}

/**
 * `count` different options in a seeded order: one per keyword, so two keywords never get the
 * same sentence (they did when the choice hung on the keyword's length). Past the list's end the
 * options come round again, which takes more keywords than any list here has (MAX_KEYWORDS).
 */
function pickDistinct<T>(options: readonly T[], seed: number, count: number): T[] {
  const start = seed % options.length;
  const step = coprimeStep(options.length, seed);
  return Array.from({ length: count }, (_, i) => options[(start + i * step) % options.length]!);
}

function coprimeStep(length: number, seed: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  for (let step = 1 + ((seed >>> 8) % length); ; step++) if (gcd(step, length) === 1) return step;
}

/** "a, b and c" */
function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first candidate that fits `max` characters, else the last one cut to fit. */
function fitFirst(candidates: readonly string[], max: number): string {
  const fitting = candidates.find((candidate) => candidate.length <= max);
  return fitting ?? truncateWords(candidates.at(-1) ?? "", max);
}

function unique(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function containsIgnoringCase(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

// ---------------------------------------------------------------- blog post

// The title adds the first keyword only when the topic lacks it, and never a word it already has
// ("Sourdough Guide for Beginners: A Practical Guide to …" read as a template).
function blogTitle({ title, primary, seed }: Brief): string {
  if (containsIgnoringCase(title, primary)) return title;
  const suffixes = [
    `A Practical Guide to ${titleCase(primary)}`,
    `Getting Started with ${titleCase(primary)}`,
    `What to Know About ${titleCase(primary)}`,
  ];
  const fresh = suffixes.filter((suffix) => !sharesWord(title, suffix.replace(titleCase(primary), "")));
  return `${title}: ${pick(fresh.length > 0 ? fresh : suffixes.slice(1), seed, 4)}`;
}

function sharesWord(a: string, b: string): boolean {
  const words = new Set(
    a
      .toLowerCase()
      .split(/\W+/)
      .filter((word) => word.length > 3),
  );
  return b
    .toLowerCase()
    .split(/\W+/)
    .some((word) => words.has(word));
}

function writeBlogPost(brief: Brief): string {
  const { topic, keywords, primary, seed } = brief;
  const secondary = keywords.slice(1);
  const opener = pick(
    [
      `Most people who ask about ${topic} have the same question: where do I start?`,
      `There is plenty of advice on ${topic}, and much of it skips the basics.`,
      `This guide covers ${topic}, one step at a time.`,
    ],
    seed,
    1,
  );
  const focus = secondary.length > 0 ? `, with notes on ${listPhrase(secondary)}` : "";
  const second = keywords[1] ?? primary;
  return [
    `# ${blogTitle(brief)}`,
    `${opener} This post looks at ${primary} in plain terms${focus}, and ends with a short checklist you can use today.`,
    `## Why It Matters`,
    `A little planning saves time and money later. The first decisions, about ${primary} in particular, shape everything that follows, so it pays to make them on purpose rather than by default.`,
    `## ${titleCase(second)}: Where to Begin`,
    `Start small. Pick one goal you can measure, try it for two weeks, and write down what changed. Steady habits beat big launches, and that is especially true for ${second}.`,
    `## Practical Tips`,
    zip(keywords, pickDistinct(BLOG_TIPS, seed, keywords.length))
      .map(([keyword, tip]) => `- **${sentenceCase(keyword)}:** ${tip}`)
      .join("\n"),
    `## Mistakes to Avoid`,
    `The usual trap is doing too much at once. Change one thing at a time, keep notes, and ask someone you trust to look at the results with fresh eyes.`,
    `## Conclusion`,
    `The short version: start with ${primary}, keep what works, drop what does not, and revisit the plan in a month. That is most of what you need to know about ${topic} to get going.`,
  ].join("\n\n");
}

const BLOG_TIPS = [
  "decide what success looks like before you start, then check it weekly.",
  "keep it simple at first; add detail once the basics work.",
  "look at one good example and note what it does differently.",
  "set aside a fixed half hour for it instead of fitting it in.",
  "ask the people affected what they actually need.",
  "budget for it before you begin, in time as well as money.",
  "compare two approaches side by side before you commit to one.",
  "write down the one thing you will measure, and measure only that for a month.",
];

function zip<A, B>(a: readonly A[], b: readonly B[]): [A, B][] {
  return a.map((item, index) => [item, b[index]!]);
}

// ---------------------------------------------------------------- social posts

function writeSocialPosts(brief: Brief): string {
  const { topic, keywords, primary, seed } = brief;
  const tags = keywords.map(hashtag).filter(Boolean).join(" ");
  const posts = [
    `${pick(["💡", "✨", "📌"], seed, 1)} ${sentenceCase(topic)}: the one thing that made the difference for us was ${primary}. What is yours?`,
    `Quick tip on ${topic}: ${pick(["start small", "pick one goal", "test before you scale"], seed, 2)}, then build on ${listPhrase(keywords)}. Small steps, real results.`,
    `We asked our community about ${topic}. The top answer? ${sentenceCase(primary)}. Share your take below 👇`,
  ];
  return posts
    .map((post, i) => {
      const text = fitPost(post, tags);
      return `**Post ${i + 1}** (${text.length}/${LIMITS.socialPost} characters)\n\n${text}`;
    })
    .join("\n\n");
}

// Hashtags go last; if the post runs long, the body is shortened, never the tags.
function fitPost(body: string, tags: string): string {
  const room = LIMITS.socialPost - (tags ? tags.length + 2 : 0);
  const text = truncateWords(body, Math.max(40, room));
  return tags ? truncateWords(`${text}\n\n${tags}`, LIMITS.socialPost, "") : text;
}

// ---------------------------------------------------------------- email

function writeEmail(brief: Brief): string {
  const { topic, title, keywords, primary, seed } = brief;
  const subject = fitFirst(
    [pick([`${title}: a quick update`, `A quick note on ${topic}`, `${title} — next steps`], seed, 1), `${title}: update`, title],
    LIMITS.emailSubject,
  );
  return [
    `**Subject:** ${subject}`,
    pick(["Hi there,", "Hello,", "Hi everyone,"], seed, 2),
    `I wanted to share a short update on ${topic}. The main point is ${primary}, and I would value your view before we go further.`,
    `Here is what we have so far:`,
    zip(keywords, pickDistinct(EMAIL_POINTS, seed, keywords.length))
      .map(([keyword, point]) => `- ${sentenceCase(keyword)}: ${point}`)
      .join("\n"),
    `**Could you reply by the end of the week with your thoughts, or book 15 minutes with me to talk it through?**`,
    `${pick(["Best regards,", "Kind regards,", "Thanks,"], seed, 3)}\n[Your name]`,
  ].join("\n\n");
}

const EMAIL_POINTS = [
  "a first draft is ready for review.",
  "we have a plan and need a decision on timing.",
  "there are two options; I have noted the trade-offs.",
  "this needs one more check before it goes out.",
  "the numbers are in and look better than expected.",
  "one open question remains, and I would like your view on it.",
];

// ---------------------------------------------------------------- product description

function writeProductDescription(brief: Brief): string {
  const { topic, title, keywords, primary, seed } = brief;
  return [
    `# ${title}`,
    `**${pick(["Made for the way you actually work.", "Everything you need, nothing you don't.", "Simple to start, built to last."], seed, 1)}**`,
    `${sentenceCase(topic)} should not be complicated. Built around ${primary}, it takes care of the details so you can focus on the part you enjoy.`,
    `## Key features`,
    zip(keywords, pickDistinct(PRODUCT_BENEFITS, seed, keywords.length))
      .map(([keyword, benefit]) => `- **${sentenceCase(keyword)}** — ${benefit}`)
      .join("\n"),
    `${pick(["Order today and see the difference for yourself.", "Try it for 30 days; if it is not for you, send it back.", "Add it to your cart and start this week."], seed, 2)}`,
  ].join("\n\n");
}

const PRODUCT_BENEFITS = [
  "ready to use from day one.",
  "designed to save you time every day.",
  "tested for everyday use.",
  "easy to set up and easy to change.",
  "made to last, with parts you can replace.",
  "covered by a clear, no-quibble guarantee.",
];

// ---------------------------------------------------------------- ad copy

function writeAdCopy(brief: Brief): string {
  const { title, keywords, primary, topic, seed } = brief;
  const candidates = [titleCase(primary), title, `Try ${titleCase(primary)} Today`, "See How It Works", "Get Started Today"];
  const headlines = unique(candidates.map((h) => truncateWords(h, LIMITS.adHeadline, ""))).slice(0, 3);
  const descriptions = [
    fitFirst(
      [`${sentenceCase(topic)} made simple. Start with ${primary} today.`, `${sentenceCase(primary)} made simple. Start today.`],
      LIMITS.adDescription,
    ),
    fitFirst(
      [`${sentenceCase(listPhrase(keywords))}: all in one place. See how it works.`, `${sentenceCase(listPhrase(keywords))}.`],
      LIMITS.adDescription,
    ),
  ];
  const numbered = (lines: readonly string[]) => lines.map((line, i) => `${i + 1}. ${line} (${line.length} chars)`).join("\n");
  return [
    `## Headlines (max ${LIMITS.adHeadline} characters)`,
    numbered(headlines),
    `## Descriptions (max ${LIMITS.adDescription} characters)`,
    numbered(descriptions),
    `**Call to action:** ${pick(["Learn more", "Get started", "Shop now", "Sign up"], seed, 1)}`,
    `**Keywords targeted:** ${keywords.join(", ")}`,
  ].join("\n\n");
}

// ---------------------------------------------------------------- video script

function writeVideoScript(brief: Brief): string {
  const { title, topic, keywords, primary, seed } = brief;
  const scene = (n: number, name: string, time: string, visual: string, voiceover: string) =>
    `## Scene ${n} — ${name} (${time})\n\n**VISUAL:** ${visual}\n\n**VOICEOVER:** "${voiceover}"`;
  return [
    `# ${title}`,
    `**Format:** short video · **Duration:** about 60 seconds`,
    scene(
      1,
      "Hook",
      "0:00–0:10",
      "Close-up, fast cut to the problem in action.",
      pick([`Thinking about ${topic}? Watch this first.`, `Here is the one thing nobody tells you about ${topic}.`], seed, 1),
    ),
    scene(
      2,
      "The Problem",
      "0:10–0:25",
      "Split screen: the usual way versus a better way.",
      `Most people skip ${primary}. That is where time and money leak away.`,
    ),
    scene(
      3,
      "The Solution",
      "0:25–0:45",
      `On-screen text lists: ${listPhrase(keywords)}.`,
      `Focus on ${listPhrase(keywords)}. One step at a time, and check the result each week.`,
    ),
    scene(
      4,
      "Call to Action",
      "0:45–1:00",
      "Presenter to camera, logo and link on screen.",
      `Want the full checklist on ${topic}? Follow for part two and grab the link below.`,
    ),
  ].join("\n\n");
}
