import type { Random } from "./prng.server";

// What the offline placeholder can draw of a prompt's own words: a few dozen everyday subjects
// (a fox, a mushroom, a house…), their colours ("a red fox"), clothes ("in a yellow raincoat"),
// what they shelter under ("under a mushroom") and the weather ("in the rain"). It is still a
// placeholder, but 'a red fox in a yellow raincoat under a mushroom in the rain' now shows a red
// fox in yellow under a red-capped mushroom with rain falling, not a sun over hills.

export type MotifKind =
  | "fox"
  | "cat"
  | "dog"
  | "rabbit"
  | "bear"
  | "bird"
  | "fish"
  | "person"
  | "mushroom"
  | "tree"
  | "flower"
  | "house"
  | "umbrella"
  | "boat"
  | "car"
  | "moon"
  | "star"
  | "heart"
  | "rocket"
  | "cup"
  | "book"
  | "lighthouse";

export type Motif = { kind: MotifKind; colour?: string; clothes?: string };
export type Weather = "rain" | "snow";
export type Scene = { subjects: Motif[]; shelter?: Motif; weather?: Weather };

const NOUNS: [RegExp, MotifKind][] = [
  [/^fox(es)?$/, "fox"],
  [/^(cat|cats|kitten|kittens|kitty)$/, "cat"],
  [/^(dog|dogs|puppy|puppies|pup)$/, "dog"],
  [/^(rabbit|rabbits|bunny|bunnies|hare)$/, "rabbit"],
  [/^(bear|bears|teddy)$/, "bear"],
  [/^(bird|birds|owl|owls|parrot|robin|sparrow|duck|ducks)$/, "bird"],
  [/^(fish|fishes|goldfish|whale|dolphin)$/, "fish"],
  [/^(person|people|man|woman|girl|boy|child|kid|kids|astronaut|knight|wizard|farmer|chef)$/, "person"],
  [/^(mushroom|mushrooms|toadstool)$/, "mushroom"],
  [/^(tree|trees|oak|pine|forest)$/, "tree"],
  [/^(flower|flowers|rose|roses|tulip|tulips|daisy|sunflower|blossom)$/, "flower"],
  [/^(house|houses|cottage|cabin|home|hut)$/, "house"],
  [/^(umbrella|parasol)$/, "umbrella"],
  [/^(boat|boats|ship|sailboat|yacht)$/, "boat"],
  [/^(car|cars|truck|van|bus)$/, "car"],
  [/^moon$/, "moon"],
  [/^(star|stars)$/, "star"],
  [/^(heart|hearts|love)$/, "heart"],
  [/^(rocket|rockets|spaceship)$/, "rocket"],
  [/^(cup|mug|coffee|tea|latte)$/, "cup"],
  [/^(book|books|novel)$/, "book"],
  [/^(lighthouse|tower)$/, "lighthouse"],
];

const COLOURS: Record<string, string> = {
  red: "#dc2626",
  orange: "#ea580c",
  yellow: "#facc15",
  golden: "#eab308",
  gold: "#eab308",
  green: "#16a34a",
  blue: "#2563eb",
  purple: "#7c3aed",
  violet: "#7c3aed",
  pink: "#ec4899",
  brown: "#92400e",
  black: "#1f2937",
  white: "#f8fafc",
  grey: "#6b7280",
  gray: "#6b7280",
  silver: "#cbd5e1",
  teal: "#0d9488",
};
const CLOTHES = /^(raincoat|coat|jacket|scarf|hat|sweater|jumper|dress|cape|hoodie|boots)$/;
const DEFAULT_COLOUR: Record<MotifKind, string> = {
  fox: "#ea580c",
  cat: "#64748b",
  dog: "#a16207",
  rabbit: "#e7e5e4",
  bear: "#78350f",
  bird: "#38bdf8",
  fish: "#f97316",
  person: "#334155",
  mushroom: "#dc2626",
  tree: "#15803d",
  flower: "#ec4899",
  house: "#fde68a",
  umbrella: "#2563eb",
  boat: "#7c2d12",
  car: "#ef4444",
  moon: "#fef3c7",
  star: "#fde047",
  heart: "#e11d48",
  rocket: "#e2e8f0",
  cup: "#f8fafc",
  book: "#1d4ed8",
  lighthouse: "#f8fafc",
};

/** The subjects, their colours and clothes, the shelter and the weather the prompt names. */
export function readScene(prompt: string): Scene {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const subjects: Motif[] = [];
  let shelter: Motif | undefined;
  let under = false;
  // A colour belongs to a noun at most two words after it ("a red fox", "a bright red fox").
  let colour: { value: string; at: number } | undefined;
  for (const [index, word] of words.entries()) {
    if (word === "under" || word === "underneath" || word === "beneath") {
      under = true;
      continue;
    }
    if (COLOURS[word]) {
      colour = { value: COLOURS[word], at: index };
      continue;
    }
    const near = colour && index - colour.at <= 2 ? colour.value : undefined;
    if (CLOTHES.test(word)) {
      const wearer = subjects.at(-1);
      if (wearer) wearer.clothes = near ?? wearer.clothes ?? "#2563eb";
      colour = undefined;
      continue;
    }
    const kind = NOUNS.find(([pattern]) => pattern.test(word))?.[1];
    if (!kind) continue;
    colour = undefined;
    const motif: Motif = { kind, colour: near };
    if (under && !shelter) shelter = motif;
    else if (subjects.length < 2 && !subjects.some((subject) => subject.kind === kind)) subjects.push(motif);
    under = false;
  }
  const weather = /\b(rain|rainy|raining|storm|drizzle|downpour)\b/i.test(prompt)
    ? "rain"
    : /\b(snow(?!-)|snowy|snowing|blizzard|snowflakes?)\b/i.test(prompt)
      ? "snow"
      : undefined;
  return { subjects, shelter, weather };
}

/** How shapes are drawn: filled (realistic, artistic, 3D), filled with ink outlines (cartoon), pencil lines (sketch). */
export type Look = "soft" | "outline" | "pencil";

type Box = { x: number; y: number; s: number };
type Paint = { main: string; clothes: string };

/** The scene's subjects standing on the ground, the shelter over the first, weather on top. */
export function drawScene(c: { w: number; h: number; min: number; random: Random }, scene: Scene, look: Look): string {
  if (scene.subjects.length === 0 && !scene.shelter) return scene.weather ? drawWeather(c, scene.weather, look) : "";
  const ground = c.h * 0.93;
  const styleAttributes =
    look === "outline"
      ? ` stroke="#1e1b2e" stroke-width="${round(c.min * 0.007)}" stroke-linejoin="round"`
      : look === "pencil"
        ? ` stroke="#334155" stroke-width="${round(c.min * 0.0028)}" stroke-linejoin="round" fill-opacity="0.12"`
        : "";
  let out = `<g${styleAttributes}>`;
  if (look === "soft")
    out += `<ellipse cx="${round(c.w / 2)}" cy="${round(ground)}" rx="${round(c.w * 0.42)}" ry="${round(c.min * 0.05)}" fill="#000" opacity="0.25" stroke="none"/>`;
  const [main, second] = scene.subjects;
  const mainX = second ? c.w * 0.42 : c.w * 0.5;
  if (scene.shelter) {
    const s = c.min * 0.7;
    out += drawMotif(scene.shelter, { x: mainX - s / 2, y: ground - s, s });
  }
  if (main) {
    const s = c.min * (scene.shelter ? 0.3 : 0.42);
    out += drawMotif(main, { x: mainX - s / 2, y: ground - s, s });
  }
  if (second) {
    const s = c.min * 0.24;
    out += drawMotif(second, { x: c.w * 0.78 - s / 2, y: ground - s, s });
  }
  out += "</g>";
  return out + (scene.weather ? drawWeather(c, scene.weather, look) : "");
}

function drawWeather(c: { w: number; h: number; min: number; random: Random }, weather: Weather, look: Look): string {
  if (weather === "snow") {
    let flakes = "";
    for (let index = 0; index < 90; index += 1) {
      flakes += `<circle cx="${round(c.random.range(0, c.w))}" cy="${round(c.random.range(0, c.h))}" r="${round(c.random.range(0.002, 0.007) * c.min)}"/>`;
    }
    return `<g fill="#fff" opacity="0.85">${flakes}</g>`;
  }
  let streaks = "";
  for (let index = 0; index < 140; index += 1) {
    const x = c.random.range(-0.1, 1) * c.w;
    const y = c.random.range(0, c.h);
    const length = c.random.range(0.02, 0.05) * c.min;
    streaks += `M${round(x)} ${round(y)}l${round(length * 0.3)} ${round(length)}`;
  }
  const colour = look === "pencil" ? "#475569" : look === "outline" ? "#1d4ed8" : "#e0f2fe";
  return `<path d="${streaks}" stroke="${colour}" stroke-width="${round(c.min * (look === "outline" ? 0.004 : 0.0022))}" stroke-linecap="round" opacity="${look === "soft" ? 0.55 : 0.8}" fill="none"/>`;
}

const round = (value: number) => String(Math.round(value * 10) / 10);

/** A path in unit coordinates (absolute M, L, Q, C, Z only: every number pair is a point) placed in the box. */
function place(d: string, { x, y, s }: Box): string {
  let isX = true;
  return d.replace(/-?\d*\.?\d+/g, (number) => {
    const value = Number(number);
    const placed = isX ? x + value * s : y + value * s;
    isX = !isX;
    return round(placed);
  });
}

const circle = (cx: number, cy: number, r: number, fill: string, box: Box, extra = "") =>
  `<circle cx="${round(box.x + cx * box.s)}" cy="${round(box.y + cy * box.s)}" r="${round(r * box.s)}" fill="${fill}"${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, box: Box) =>
  `<ellipse cx="${round(box.x + cx * box.s)}" cy="${round(box.y + cy * box.s)}" rx="${round(rx * box.s)}" ry="${round(ry * box.s)}" fill="${fill}"/>`;
const path = (d: string, fill: string, box: Box, extra = "") => `<path d="${place(d, box)}" fill="${fill}"${extra}/>`;

const DARK = "#1f2937";
const LIGHT = "#fef9c3";

/** One subject, in a group named after it (which also lets tests and tools see what was drawn). */
function drawMotif(motif: Motif, box: Box): string {
  return `<g data-motif="${motif.kind}">${motifShapes(motif, box)}</g>`;
}

function motifShapes(motif: Motif, box: Box): string {
  const paint = { main: motif.colour ?? DEFAULT_COLOUR[motif.kind], clothes: motif.clothes ?? "" };
  switch (motif.kind) {
    case "fox":
    case "cat":
    case "dog":
    case "rabbit":
    case "bear":
      return animal(motif.kind, paint, box);
    case "bird":
      return (
        ellipse(0.45, 0.62, 0.27, 0.2, paint.clothes || paint.main, box) +
        circle(0.68, 0.4, 0.13, paint.main, box) +
        path("M0.79 0.38 L0.95 0.43 L0.79 0.47 Z", "#f59e0b", box) +
        path("M0.3 0.55 Q0.45 0.4 0.6 0.58 Q0.45 0.7 0.3 0.55 Z", DARK, box, ` opacity="0.3"`) +
        circle(0.71, 0.37, 0.02, DARK, box) +
        path("M0.42 0.8 L0.4 1 M0.52 0.8 L0.54 1", "none", box, ` stroke="${DARK}" stroke-width="${round(box.s * 0.02)}"`)
      );
    case "fish":
      return (
        path("M0.72 0.55 L0.95 0.38 L0.95 0.72 Z", paint.main, box) +
        ellipse(0.45, 0.55, 0.32, 0.18, paint.main, box) +
        circle(0.28, 0.5, 0.03, DARK, box)
      );
    case "person":
      return (
        path("M0.3 1 L0.36 0.45 Q0.5 0.38 0.64 0.45 L0.7 1 Z", paint.clothes || paint.main, box) +
        circle(0.5, 0.28, 0.14, "#f2c6a0", box) +
        circle(0.45, 0.26, 0.015, DARK, box) +
        circle(0.55, 0.26, 0.015, DARK, box)
      );
    case "mushroom":
      return (
        path("M0.4 0.52 L0.6 0.52 L0.64 1 L0.36 1 Z", "#fef3c7", box) +
        path("M0.04 0.55 Q0.5 -0.12 0.96 0.55 Z", paint.main, box) +
        circle(0.3, 0.36, 0.05, "#fff", box) +
        circle(0.55, 0.22, 0.06, "#fff", box) +
        circle(0.72, 0.42, 0.045, "#fff", box)
      );
    case "tree":
      return (
        path("M0.44 0.6 L0.56 0.6 L0.58 1 L0.42 1 Z", "#78350f", box) +
        circle(0.5, 0.38, 0.3, paint.main, box) +
        circle(0.32, 0.5, 0.18, paint.main, box) +
        circle(0.68, 0.5, 0.18, paint.main, box)
      );
    case "flower": {
      let petals = "";
      for (let index = 0; index < 5; index += 1) {
        const angle = (index / 5) * Math.PI * 2;
        petals += circle(0.5 + Math.cos(angle) * 0.14, 0.32 + Math.sin(angle) * 0.14, 0.1, paint.main, box);
      }
      return (
        path("M0.49 0.45 L0.51 0.45 L0.52 1 L0.48 1 Z", "#16a34a", box) +
        path("M0.5 0.75 Q0.7 0.6 0.75 0.72 Q0.62 0.8 0.5 0.78 Z", "#16a34a", box) +
        petals +
        circle(0.5, 0.32, 0.08, "#facc15", box)
      );
    }
    case "house":
      return (
        path("M0.15 0.5 L0.85 0.5 L0.85 1 L0.15 1 Z", paint.main, box) +
        path("M0.08 0.52 L0.5 0.15 L0.92 0.52 Z", "#b91c1c", box) +
        path("M0.42 0.68 L0.58 0.68 L0.58 1 L0.42 1 Z", "#78350f", box) +
        path("M0.22 0.6 L0.34 0.6 L0.34 0.72 L0.22 0.72 Z", LIGHT, box) +
        path("M0.66 0.6 L0.78 0.6 L0.78 0.72 L0.66 0.72 Z", LIGHT, box)
      );
    case "umbrella":
      return (
        path("M0.49 0.4 L0.51 0.4 L0.51 0.92 Q0.51 1 0.44 0.98 L0.44 0.95 Q0.49 0.96 0.49 0.92 Z", DARK, box) +
        path(
          "M0.05 0.45 Q0.5 -0.05 0.95 0.45 Q0.83 0.38 0.72 0.45 Q0.61 0.38 0.5 0.45 Q0.39 0.38 0.28 0.45 Q0.17 0.38 0.05 0.45 Z",
          paint.main,
          box,
        )
      );
    case "boat":
      return (
        path("M0.1 0.75 L0.9 0.75 L0.75 0.95 L0.25 0.95 Z", paint.main, box) +
        path("M0.5 0.15 L0.5 0.72 L0.82 0.72 Z", "#f8fafc", box) +
        path("M0.48 0.72 L0.48 0.12 L0.51 0.12 L0.51 0.72 Z", DARK, box)
      );
    case "car":
      return (
        path("M0.05 0.85 L0.05 0.65 L0.25 0.62 L0.35 0.45 L0.68 0.45 L0.8 0.62 L0.95 0.66 L0.95 0.85 Z", paint.main, box) +
        path("M0.38 0.5 L0.5 0.5 L0.5 0.61 L0.31 0.61 Z M0.54 0.5 L0.65 0.5 L0.74 0.61 L0.54 0.61 Z", "#bfdbfe", box) +
        circle(0.27, 0.86, 0.09, DARK, box) +
        circle(0.73, 0.86, 0.09, DARK, box)
      );
    case "moon":
      return path("M0.62 0.1 Q0.05 0.45 0.62 0.9 Q0.3 0.5 0.62 0.1 Z", paint.main, box);
    case "star": {
      let d = "";
      for (let index = 0; index < 10; index += 1) {
        const angle = -Math.PI / 2 + (index / 10) * Math.PI * 2;
        const radius = index % 2 === 0 ? 0.45 : 0.19;
        d += `${index === 0 ? "M" : "L"}${(0.5 + Math.cos(angle) * radius).toFixed(3)} ${(0.5 + Math.sin(angle) * radius).toFixed(3)} `;
      }
      return path(`${d}Z`, paint.main, box);
    }
    case "heart":
      return path(
        "M0.5 0.9 C0.1 0.62 0.05 0.35 0.22 0.22 C0.35 0.12 0.47 0.2 0.5 0.32 C0.53 0.2 0.65 0.12 0.78 0.22 C0.95 0.35 0.9 0.62 0.5 0.9 Z",
        paint.main,
        box,
      );
    case "rocket":
      return (
        path("M0.3 0.85 L0.2 1 L0.4 0.92 Z M0.7 0.85 L0.8 1 L0.6 0.92 Z", "#dc2626", box) +
        path("M0.5 0.05 Q0.72 0.3 0.68 0.88 L0.32 0.88 Q0.28 0.3 0.5 0.05 Z", paint.main, box) +
        circle(0.5, 0.42, 0.09, "#38bdf8", box) +
        path("M0.4 0.88 L0.5 1 L0.6 0.88 Z", "#f59e0b", box)
      );
    case "cup":
      return (
        path("M0.2 0.45 L0.72 0.45 L0.66 0.95 L0.26 0.95 Z", paint.main, box) +
        path("M0.72 0.55 Q0.92 0.55 0.86 0.72 Q0.8 0.84 0.68 0.8", "none", box, ` stroke="${DARK}" stroke-width="${round(box.s * 0.03)}"`) +
        path(
          "M0.38 0.38 Q0.32 0.3 0.38 0.22 M0.52 0.38 Q0.46 0.28 0.52 0.18",
          "none",
          box,
          ` stroke="#94a3b8" stroke-width="${round(box.s * 0.02)}"`,
        )
      );
    case "book":
      return (
        path("M0.1 0.55 L0.5 0.62 L0.9 0.55 L0.9 0.95 L0.5 1 L0.1 0.95 Z", "#f8fafc", box) +
        path("M0.08 0.52 L0.5 0.58 L0.5 0.62 L0.08 0.56 Z M0.92 0.52 L0.5 0.58 L0.5 0.62 L0.92 0.56 Z", paint.main, box)
      );
    case "lighthouse":
      return (
        path("M0.36 1 L0.42 0.3 L0.58 0.3 L0.64 1 Z", paint.main, box) +
        path("M0.4 0.5 L0.6 0.5 L0.61 0.6 L0.39 0.6 Z M0.38 0.75 L0.62 0.75 L0.63 0.85 L0.37 0.85 Z", "#dc2626", box) +
        path("M0.4 0.18 L0.6 0.18 L0.6 0.3 L0.4 0.3 Z", "#fde047", box) +
        path("M0.38 0.18 L0.5 0.08 L0.62 0.18 Z", "#dc2626", box)
      );
  }
}

/** Four-legged friends sitting, facing the viewer: one body, with ears and a tail of their kind. */
function animal(kind: "fox" | "cat" | "dog" | "rabbit" | "bear", paint: Paint, box: Box): string {
  const ears: Record<typeof kind, string> = {
    fox: path("M0.33 0.3 L0.36 0.06 L0.47 0.22 Z M0.53 0.22 L0.64 0.06 L0.67 0.3 Z", paint.main, box),
    cat: path("M0.35 0.28 L0.37 0.12 L0.46 0.22 Z M0.54 0.22 L0.63 0.12 L0.65 0.28 Z", paint.main, box),
    dog: ellipse(0.33, 0.36, 0.06, 0.13, DARK, box) + ellipse(0.67, 0.36, 0.06, 0.13, DARK, box),
    rabbit: ellipse(0.42, 0.1, 0.05, 0.16, paint.main, box) + ellipse(0.58, 0.1, 0.05, 0.16, paint.main, box),
    bear: circle(0.36, 0.24, 0.06, paint.main, box) + circle(0.64, 0.24, 0.06, paint.main, box),
  };
  const tail =
    kind === "fox"
      ? path("M0.66 0.92 Q0.98 0.9 0.92 0.55 Q0.86 0.74 0.66 0.76 Z", paint.main, box) + circle(0.92, 0.58, 0.045, "#f8fafc", box)
      : kind === "cat"
        ? path("M0.68 0.92 Q0.92 0.88 0.86 0.6 Q0.84 0.56 0.82 0.6 Q0.86 0.84 0.68 0.84 Z", paint.main, box)
        : "";
  const muzzle =
    kind === "fox" ? path("M0.42 0.44 L0.5 0.56 L0.58 0.44 Z", "#f8fafc", box) : ellipse(0.5, 0.48, 0.08, 0.05, "#f8fafc", box);
  return (
    tail +
    ellipse(0.5, 0.76, 0.22, 0.22, paint.clothes || paint.main, box) +
    (paint.clothes
      ? path("M0.36 0.6 Q0.5 0.7 0.64 0.6", "none", box, ` stroke="${DARK}" stroke-width="${round(box.s * 0.012)}" opacity="0.5"`)
      : "") +
    ears[kind] +
    circle(0.5, 0.38, 0.16, paint.main, box) +
    muzzle +
    circle(0.44, 0.35, 0.022, DARK, box) +
    circle(0.56, 0.35, 0.022, DARK, box) +
    circle(0.5, 0.5, 0.018, DARK, box)
  );
}
