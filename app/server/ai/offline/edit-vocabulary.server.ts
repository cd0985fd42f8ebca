import type { ImageStyleId } from "~/content/media-catalogs";

// What the offline editor understands in 'Describe the change': a documented list of words
// (content/offline-edit-words.ts, docs/architecture.md 'Image editing'), each one pixel operation. Everything else in the prompt is reported back as ignored, so the page never
// pretends the editor did something it cannot (draw new content).

export type ColourOperation =
  | { kind: "brightness"; amount: number }
  | { kind: "temperature"; amount: number }
  | { kind: "contrast"; amount: number }
  | { kind: "saturation"; amount: number }
  | { kind: "grayscale" }
  | { kind: "sepia" }
  | { kind: "blur"; amount: number }
  | { kind: "sharpen"; amount: number }
  | { kind: "style"; style: ImageStyleId };

export type ShapeOperation = { kind: "flip"; axis: "horizontal" | "vertical" } | { kind: "rotate"; quarterTurns: 1 | 2 | 3 };

export type EditPlan = {
  colour: ColourOperation[];
  shape: ShapeOperation[];
  /** The phrases that became operations, in the prompt's order. */
  understood: string[];
  /** The prompt's other words (small words like 'the' and 'make' left out). */
  ignored: string[];
};

type Entry = { pattern: RegExp; operation: (strength: number) => ColourOperation | ShapeOperation };

// Longer phrases first: 'more contrast' before 'contrast', 'black and white' before 'white'.
const vocabulary: Entry[] = [
  { pattern: /\b(black and white|black & white|b&w|grayscale|greyscale|monochrome)\b/, operation: () => ({ kind: "grayscale" }) },
  { pattern: /\bless contrast\b|\blower contrast\b/, operation: (s) => ({ kind: "contrast", amount: -0.3 * s }) },
  { pattern: /\b(more contrast|higher contrast|contrast|contrasty|punchier)\b/, operation: (s) => ({ kind: "contrast", amount: 0.3 * s }) },
  { pattern: /\b(brighter|brighten|lighter|lighten|bright)\b/, operation: (s) => ({ kind: "brightness", amount: 0.18 * s }) },
  { pattern: /\b(darker|darken|dimmer|dim|dark)\b/, operation: (s) => ({ kind: "brightness", amount: -0.18 * s }) },
  { pattern: /\b(warmer|warm|warmth)\b/, operation: (s) => ({ kind: "temperature", amount: 0.15 * s }) },
  { pattern: /\b(cooler|cool|colder|cold)\b/, operation: (s) => ({ kind: "temperature", amount: -0.15 * s }) },
  { pattern: /\b(desaturate|muted|less colou?rful)\b/, operation: (s) => ({ kind: "saturation", amount: -0.4 * s }) },
  { pattern: /\b(vivid|vibrant|saturated?|more colou?rful|colou?rful)\b/, operation: (s) => ({ kind: "saturation", amount: 0.4 * s }) },
  { pattern: /\bsepia\b|\bvintage\b/, operation: () => ({ kind: "sepia" }) },
  { pattern: /\b(blur|blurry|blurred|soften|softer)\b/, operation: (s) => ({ kind: "blur", amount: s }) },
  { pattern: /\b(sharpen|sharper|crisper|crisp)\b/, operation: (s) => ({ kind: "sharpen", amount: s }) },
  { pattern: /\b(flip (it )?vertically|upside down|flip vertical)\b/, operation: () => ({ kind: "flip", axis: "vertical" }) },
  { pattern: /\b(flip( it)?( horizontally)?|mirror|mirrored)\b/, operation: () => ({ kind: "flip", axis: "horizontal" }) },
  { pattern: /\b(rotate (it )?(left|counter-?clockwise|anticlockwise))\b/, operation: () => ({ kind: "rotate", quarterTurns: 3 }) },
  { pattern: /\b(rotate (it )?180|turn (it )?around)\b/, operation: () => ({ kind: "rotate", quarterTurns: 2 }) },
  { pattern: /\b(rotate( it)?( right| clockwise| 90)?)\b/, operation: () => ({ kind: "rotate", quarterTurns: 1 }) },
  { pattern: /\b(realistic|photorealistic|natural)\b/, operation: () => ({ kind: "style", style: "realistic" }) },
  { pattern: /\b(artistic|painterly|painting|digital art)\b/, operation: () => ({ kind: "style", style: "artistic" }) },
  { pattern: /\b(3d|3d render|rendered)\b/, operation: () => ({ kind: "style", style: "3d" }) },
  { pattern: /\b(cartoon|anime|comic)\b/, operation: () => ({ kind: "style", style: "cartoon" }) },
  { pattern: /\b(sketch|pencil|hand-drawn|drawing)\b/, operation: () => ({ kind: "style", style: "sketch" }) },
  { pattern: /\b(abstract)\b/, operation: () => ({ kind: "style", style: "abstract" }) },
];

const strongWords = /\b(much|very|a lot|lots|way|far|extremely|really)\b/;
const gentleWords = /\b(slightly|a little|a bit|a touch|bit|subtly|somewhat)\b/;
const smallWords = new Set(
  "a an the and or but to of in on at it its this that make made more less much very slightly little bit touch please some image photo picture whole area part so with into be is are look looking a lot way far really extremely subtly somewhat just".split(
    " ",
  ),
);

export function planEdit(prompt: string): EditPlan {
  let text = ` ${prompt.toLowerCase().replace(/[^\p{L}\p{N}&'\- ]+/gu, " ")} `;
  const strength = strongWords.test(text) ? 1.6 : gentleWords.test(text) ? 0.5 : 1;
  const found: { at: number; phrase: string; operation: ColourOperation | ShapeOperation }[] = [];
  for (const entry of vocabulary) {
    const pattern = new RegExp(entry.pattern.source, "g");
    for (const match of text.matchAll(pattern)) {
      found.push({ at: match.index, phrase: match[0].trim(), operation: entry.operation(strength) });
    }
    text = text.replace(pattern, (match) => " ".repeat(match.length)); // a phrase counts once
  }
  found.sort((a, b) => a.at - b.at);
  const ignored = [
    ...new Set(
      text
        .split(/\s+/)
        .map((word) => word.replace(/^['-]+|['-]+$/g, ""))
        .filter((word) => word && !smallWords.has(word)),
    ),
  ];
  const colour: ColourOperation[] = [];
  const shape: ShapeOperation[] = [];
  for (const { operation } of found) {
    if (operation.kind === "flip" || operation.kind === "rotate") shape.push(operation);
    else colour.push(operation);
  }
  return { colour, shape, understood: [...new Set(found.map((item) => item.phrase))], ignored };
}
