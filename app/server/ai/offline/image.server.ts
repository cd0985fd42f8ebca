import { imageSizeById, imageStyleById, type ImageSizeId, type ImageStyleId } from "~/content/media-catalogs";
import { drawScene, readScene, type Look, type Weather } from "./image-motifs.server";
import { createNoise1D, createRandom, hashString, type Random } from "./prng.server";
import { escapeXml } from "~/server/content/xml-text.server";

// The offline engine's image: a procedural SVG drawn from the prompt, in the chosen style and at
// exactly the chosen size. It is a placeholder, not a generation, and says so in the picture.

export type ProceduralImageOptions = {
  prompt: string;
  style: ImageStyleId;
  size: ImageSizeId;
  /** The small 'placeholder' caption in the corner (the shipped examples leave it out). */
  caption?: boolean;
};

export const placeholderCaption = "Placeholder image · offline demo engine";

type Canvas = { w: number; h: number; min: number; random: Random; hue: number; prompt: string; weather?: Weather };

/** Rounds coordinates to one decimal: the files stay small and byte-for-byte deterministic. */
const n = (value: number) => String(Math.round(value * 10) / 10);
const hsl = (hue: number, saturation: number, lightness: number, alpha?: number) =>
  alpha === undefined
    ? `hsl(${Math.round(((hue % 360) + 360) % 360)} ${Math.round(saturation)}% ${Math.round(lightness)}%)`
    : `hsl(${Math.round(((hue % 360) + 360) % 360)} ${Math.round(saturation)}% ${Math.round(lightness)}% / ${alpha})`;

// Words in the prompt steer the colours, so 'forest' looks green and 'sunset' warm.
const hueHints: [RegExp, number][] = [
  [/\b(sunset|sunrise|dawn|dusk|golden|fire|autumn|desert|dune|orange|warm)/i, 28],
  [/\b(red|rose|love|cherry|ruby)/i, 350],
  [/\b(forest|jungle|green|meadow|leaf|spring|garden)/i, 130],
  [/\b(ocean|sea|lake|water|blue|ice|snow|winter|sky)/i, 205],
  [/\b(night|space|galaxy|neon|purple|violet|cosmic|dream)/i, 265],
  [/\b(pink|candy|blossom|sakura)/i, 325],
  [/\b(gold|yellow|sun|lemon)/i, 48],
];

function promptHue(prompt: string, random: Random): number {
  for (const [pattern, hue] of hueHints) if (pattern.test(prompt)) return hue + random.range(-12, 12);
  return random.range(0, 360);
}

export function proceduralImage({ prompt, style, size, caption = true }: ProceduralImageOptions): string {
  const { width: w, height: h } = imageSizeById(size);
  const random = createRandom(hashString(`${style}|${size}|${prompt.trim().toLowerCase()}`));
  const scene = readScene(prompt);
  const canvas: Canvas = { w, h, min: Math.min(w, h), random, hue: promptHue(prompt, random), prompt, weather: scene.weather };
  // The backdrop in the style, then what the prompt names on top (abstract stays abstract).
  const body = painters[style](canvas) + (style === "abstract" ? "" : drawScene(canvas, scene, looks[style]));
  const title = `${imageStyleById(style).description} placeholder for: ${prompt.trim().slice(0, 200)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<title>${escapeXml(title)}</title>`,
    body,
    caption ? captionBadge(canvas) : "",
    "</svg>",
  ].join("");
}

function captionBadge({ w, h, min }: Canvas): string {
  const size = Math.max(14, Math.round(min * 0.018));
  const padding = size * 0.7;
  const boxWidth = placeholderCaption.length * size * 0.56 + padding * 2;
  const boxHeight = size + padding * 1.4;
  const x = w - boxWidth - size;
  const y = h - boxHeight - size;
  return (
    `<g font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="${size}">` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(boxWidth)}" height="${n(boxHeight)}" rx="${n(boxHeight / 2)}" fill="rgb(2 6 23 / 0.72)"/>` +
    `<text x="${n(x + padding)}" y="${n(y + boxHeight / 2 + size * 0.35)}" fill="#fff">${escapeXml(placeholderCaption)}</text>` +
    `</g>`
  );
}

const looks: Record<Exclude<ImageStyleId, "abstract">, Look> = {
  realistic: "soft",
  artistic: "soft",
  "3d": "soft",
  cartoon: "outline",
  sketch: "pencil",
};

const painters: Record<ImageStyleId, (canvas: Canvas) => string> = {
  realistic: paintRealistic,
  artistic: paintArtistic,
  "3d": paint3d,
  cartoon: paintCartoon,
  sketch: paintSketch,
  abstract: paintAbstract,
};

/** A ridge line across the canvas from noise, closed to the bottom edge. */
function ridgePath(c: Canvas, baseline: number, amplitude: number, roughness: number, points = 48): string {
  const noise = createNoise1D(c.random, 5);
  const offset = c.random.range(0, 100);
  let path = `M0 ${n(c.h)}`;
  for (let index = 0; index <= points; index += 1) {
    const x = (index / points) * c.w;
    const y = baseline - noise(offset + (index / points) * roughness) * amplitude;
    path += `L${n(x)} ${n(y)}`;
  }
  return `${path}L${n(c.w)} ${n(c.h)}Z`;
}

/** Soft light, layered ridges fading into haze, blurred clouds and a reflecting lake. */
function paintRealistic(c: Canvas): string {
  const { w, h, min, random, hue } = c;
  const night = /\b(night|midnight|stars?|starry)\b/i.test(c.prompt);
  // Deserts get soft sand dunes in warm light and no lake.
  const desert = /\b(desert|dunes?|sand|sahara)/i.test(c.prompt);
  const skyTop = night ? hsl(hue + 200, 45, 10) : hsl(hue + 190, 55, 32);
  const skyBottom = night ? hsl(hue + 230, 35, 30) : hsl(hue, 80, 78);
  const sunX = random.range(0.25, 0.75) * w;
  const horizon = h * random.range(0.55, 0.68);
  const sunY = horizon - random.range(0.05, 0.22) * h;
  const blur = n(min * 0.02);
  let out =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="${night ? "#f8fafc" : hsl(hue + 15, 100, 92)}" stop-opacity="0.9"/><stop offset="1" stop-color="${skyBottom}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyBottom}"/><stop offset="1" stop-color="${skyTop}"/></linearGradient>` +
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${blur}"/></filter></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(min * 0.4)}" fill="url(#glow)"/>` +
    `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(min * 0.05)}" fill="${night ? "#e2e8f0" : hsl(hue + 20, 100, 94)}"/>`;
  if (night) {
    for (let index = 0; index < 60; index += 1) {
      out += `<circle cx="${n(random.range(0, w))}" cy="${n(random.range(0, horizon * 0.8))}" r="${n(random.range(0.6, 2.2))}" fill="#fff" opacity="${n(random.range(0.3, 0.9))}"/>`;
    }
  }
  out += `<g filter="url(#soft)" fill="#fff">`;
  for (let index = 0; index < random.int(4, 7); index += 1) {
    const cx = random.range(0, w);
    const cy = random.range(0.08, 0.4) * h;
    out += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(random.range(0.08, 0.2) * w)}" ry="${n(random.range(0.015, 0.04) * h)}" opacity="${n(random.range(0.25, 0.55))}"/>`;
  }
  out += "</g>";
  const layers = 4;
  for (let layer = 0; layer < layers; layer += 1) {
    const depth = layer / (layers - 1);
    const baseline = horizon + depth * h * 0.06;
    const amplitude = h * (desert ? 0.12 - depth * 0.04 : 0.32 - depth * 0.2);
    const lightness = desert ? 70 - depth * 38 : 62 - depth * 46;
    const fill = desert
      ? hsl(28 + depth * 6, 55 + depth * 10, lightness)
      : hsl(hue + 200 + depth * 20, 25 + depth * 15, night ? lightness * 0.45 : lightness);
    out += `<path d="${ridgePath(c, baseline + (desert ? depth * h * 0.12 : 0), amplitude, desert ? 1.2 + layer * 0.5 : 3 + layer * 2)}" fill="${fill}"/>`;
    if (layer === 0 && /\b(snow|alpine|peak|winter|ice)/i.test(c.prompt)) {
      out += `<path d="${ridgePath(c, baseline - amplitude * 0.55, amplitude * 0.45, 3)}" fill="#f8fafc" opacity="0.35"/>`;
    }
  }
  if (desert) return out;
  const waterTop = horizon + h * 0.1;
  out += `<rect y="${n(waterTop)}" width="${w}" height="${n(h - waterTop)}" fill="url(#water)" opacity="0.9"/>`;
  let shimmer = "";
  for (let index = 0; index < 40; index += 1) {
    const y = random.range(waterTop + 4, h);
    const x = sunX + random.range(-0.2, 0.2) * w * ((y - waterTop) / (h - waterTop) + 0.3);
    shimmer += `M${n(x)} ${n(y)}h${n(random.range(0.01, 0.06) * w)}`;
  }
  out += `<path d="${shimmer}" stroke="${hsl(hue + 20, 100, 90)}" stroke-width="${n(min * 0.003)}" stroke-linecap="round" opacity="0.55"/>`;
  return out;
}

/** Vivid gradients, glowing bokeh and flowing ribbons of light. */
function paintArtistic(c: Canvas): string {
  const { w, h, min, random, hue } = c;
  const second = hue + random.range(120, 200);
  let out =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 14)}"/><stop offset="0.55" stop-color="${hsl(hue + 40, 65, 28)}"/><stop offset="1" stop-color="${hsl(second, 70, 22)}"/></linearGradient>` +
    `<radialGradient id="bokeh"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="ribbon" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(hue, 95, 65)}"/><stop offset="1" stop-color="${hsl(second, 95, 65)}"/></linearGradient>` +
    `<filter id="glow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${n(min * 0.012)}"/></filter></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  for (let index = 0; index < 26; index += 1) {
    out += `<circle cx="${n(random.range(0, w))}" cy="${n(random.range(0, h))}" r="${n(random.range(0.01, 0.07) * min)}" fill="url(#bokeh)" opacity="${n(random.range(0.15, 0.6))}"/>`;
  }
  const ribbons = random.int(5, 8);
  for (let index = 0; index < ribbons; index += 1) {
    const y0 = random.range(0.1, 0.9) * h;
    const y3 = random.range(0.1, 0.9) * h;
    const d = `M${n(-0.05 * w)} ${n(y0)}C${n(0.3 * w)} ${n(random.range(-0.2, 1.2) * h)} ${n(0.7 * w)} ${n(random.range(-0.2, 1.2) * h)} ${n(1.05 * w)} ${n(y3)}`;
    const width = random.range(0.01, 0.06) * min;
    out += `<path d="${d}" fill="none" stroke="url(#ribbon)" stroke-width="${n(width * 2.2)}" filter="url(#glow)" opacity="0.7"/>`;
    out += `<path d="${d}" fill="none" stroke="${hsl(hue + index * 25, 100, 82)}" stroke-width="${n(width * 0.35)}" stroke-linecap="round" opacity="0.9"/>`;
  }
  let stars = "";
  for (let index = 0; index < 70; index += 1) {
    stars += `M${n(random.range(0, w))} ${n(random.range(0, h))}h0.1`;
  }
  out += `<path d="${stars}" stroke="#fff" stroke-width="${n(min * 0.004)}" stroke-linecap="round" opacity="0.8"/>`;
  return out;
}

/** A studio floor in perspective with lit, shaded spheres and cubes casting soft shadows. */
function paint3d(c: Canvas): string {
  const { w, h, min, random, hue } = c;
  const horizon = h * 0.52;
  let out =
    `<defs><radialGradient id="studio" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="${hsl(hue, 20, 78)}"/><stop offset="1" stop-color="${hsl(hue, 25, 30)}"/></radialGradient>` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 18, 55)}"/><stop offset="1" stop-color="${hsl(hue, 22, 22)}"/></linearGradient>` +
    `<filter id="shadow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(min * 0.012)}"/></filter>`;
  const objects: { x: number; y: number; size: number; kind: "sphere" | "cube"; hue: number; gradient: string }[] = [];
  const count = random.int(3, 5);
  for (let index = 0; index < count; index += 1) {
    const y = random.range(horizon + h * 0.08, h * 0.9);
    const depth = (y - horizon) / (h - horizon);
    objects.push({
      x: random.range(0.15, 0.85) * w,
      y,
      size: min * (0.06 + depth * 0.12),
      kind: random.chance(0.55) ? "sphere" : "cube",
      hue: hue + random.range(-60, 60) + index * 70,
      gradient: `s${index}`,
    });
  }
  objects.forEach((object) => {
    out += `<radialGradient id="${object.gradient}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${hsl(object.hue, 90, 92)}"/><stop offset="0.35" stop-color="${hsl(object.hue, 75, 58)}"/><stop offset="1" stop-color="${hsl(object.hue, 70, 18)}"/></radialGradient>`;
  });
  out += `</defs><rect width="${w}" height="${h}" fill="url(#studio)"/>`;
  out += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#floor)"/>`;
  const vanishing = w / 2;
  let grid = "";
  for (let index = -12; index <= 12; index += 1) {
    grid += `M${n(vanishing + index * w * 0.02)} ${n(horizon)}L${n(vanishing + index * w * 0.16)} ${n(h)}`;
  }
  for (let row = 1; row <= 8; row += 1) {
    const y = horizon + (h - horizon) * (row / 8) ** 1.8;
    grid += `M0 ${n(y)}H${w}`;
  }
  out += `<path d="${grid}" stroke="#fff" stroke-opacity="0.12" stroke-width="${n(min * 0.0015)}"/>`;
  objects.sort((a, b) => a.y - b.y);
  for (const object of objects) {
    const { x, y, size } = object;
    out += `<ellipse cx="${n(x + size * 0.25)}" cy="${n(y)}" rx="${n(size * 1.1)}" ry="${n(size * 0.28)}" fill="#000" opacity="0.35" filter="url(#shadow)"/>`;
    if (object.kind === "sphere") {
      out += `<circle cx="${n(x)}" cy="${n(y - size)}" r="${n(size)}" fill="url(#${object.gradient})"/>`;
    } else {
      const s = size * 0.9;
      const top = `M${n(x)} ${n(y - s * 2)}l${n(s)} ${n(s * 0.5)}l${n(-s)} ${n(s * 0.5)}l${n(-s)} ${n(-s * 0.5)}Z`;
      const left = `M${n(x - s)} ${n(y - s * 1.5)}l${n(s)} ${n(s * 0.5)}v${n(s * 1.2)}l${n(-s)} ${n(-s * 0.5)}Z`;
      const right = `M${n(x + s)} ${n(y - s * 1.5)}l${n(-s)} ${n(s * 0.5)}v${n(s * 1.2)}l${n(s)} ${n(-s * 0.5)}Z`;
      out += `<path d="${top}" fill="${hsl(object.hue, 70, 74)}"/><path d="${left}" fill="${hsl(object.hue, 65, 46)}"/><path d="${right}" fill="${hsl(object.hue, 65, 30)}"/>`;
    }
  }
  return out;
}

/** Flat bright colours with bold outlines: a smiling sun, puffy clouds, round hills and trees. */
function paintCartoon(c: Canvas): string {
  const { w, h, min, random, hue } = c;
  const ink = "#1e1b2e";
  const stroke = n(min * 0.009);
  const outline = `stroke="${ink}" stroke-width="${stroke}" stroke-linejoin="round"`;
  let out = `<rect width="${w}" height="${h}" fill="${c.weather ? hsl(hue + 200, 25, 62) : hsl(hue + 180, 80, 72)}"/>`;
  if (!c.weather) out += cartoonSun(c, outline);
  for (let cloud = 0; cloud < random.int(2, 3) + (c.weather ? 2 : 0); cloud += 1) {
    const cx = random.range(c.weather ? 0.05 : 0.45, 0.9) * w;
    const cy = random.range(0.1, 0.35) * h;
    const puffs = [0, 1, 2, 3].map((index) => ({
      x: cx + (index - 1.5) * min * 0.05,
      y: cy - (index === 1 || index === 2 ? min * 0.03 : 0),
      r: min * (index === 1 || index === 2 ? 0.055 : 0.04),
    }));
    const puff = c.weather ? "#cbd5e1" : "#fff";
    // Outlines first, fills on top: the puffs read as one shape with a single outline.
    out += puffs.map((p) => `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(p.r)}" fill="${puff}" ${outline}/>`).join("");
    out += puffs.map((p) => `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(p.r - min * 0.0045)}" fill="${puff}"/>`).join("");
  }
  return out + cartoonHills(c, outline);
}

function cartoonSun(c: Canvas, outline: string): string {
  const { w, h, min, random } = c;
  const ink = "#1e1b2e";
  let out = "";
  const sunX = random.range(0.15, 0.4) * w;
  const sunY = random.range(0.12, 0.25) * h;
  const sunR = min * 0.09;
  let rays = "";
  for (let index = 0; index < 12; index += 1) {
    const angle = (index / 12) * Math.PI * 2;
    const inner = sunR * 1.25;
    const outer = sunR * 1.75;
    rays += `M${n(sunX + Math.cos(angle) * inner)} ${n(sunY + Math.sin(angle) * inner)}L${n(sunX + Math.cos(angle) * outer)} ${n(sunY + Math.sin(angle) * outer)}`;
  }
  out += `<path d="${rays}" stroke="${ink}" stroke-width="${n(min * 0.012)}" stroke-linecap="round"/>`;
  out += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR)}" fill="#fde047" ${outline}/>`;
  out += `<circle cx="${n(sunX - sunR * 0.35)}" cy="${n(sunY - sunR * 0.15)}" r="${n(sunR * 0.1)}" fill="${ink}"/><circle cx="${n(sunX + sunR * 0.35)}" cy="${n(sunY - sunR * 0.15)}" r="${n(sunR * 0.1)}" fill="${ink}"/>`;
  out += `<path d="M${n(sunX - sunR * 0.4)} ${n(sunY + sunR * 0.2)}Q${n(sunX)} ${n(sunY + sunR * 0.65)} ${n(sunX + sunR * 0.4)} ${n(sunY + sunR * 0.2)}" fill="none" ${outline} stroke-linecap="round"/>`;
  return out;
}

function cartoonHills(c: Canvas, outline: string): string {
  const { w, h, min, random, hue } = c;
  let out = "";
  const hills = [
    { y: 0.68, color: hsl(hue + 110, 60, 55) },
    { y: 0.78, color: hsl(hue + 95, 65, 45) },
  ];
  for (const hill of hills) {
    const top = hill.y * h;
    const peak = random.range(0.2, 0.8) * w;
    out += `<path d="M${n(-w * 0.1)} ${n(h)}Q${n(peak * 0.5)} ${n(top - h * 0.12)} ${n(peak)} ${n(top - h * 0.08)}T${n(w * 1.1)} ${n(top)}V${n(h)}Z" fill="${hill.color}" ${outline}/>`;
  }
  for (let tree = 0; tree < random.int(2, 4); tree += 1) {
    const x = random.range(0.1, 0.9) * w;
    const base = random.range(0.84, 0.95) * h;
    const size = min * random.range(0.05, 0.08);
    out += `<rect x="${n(x - size * 0.15)}" y="${n(base - size * 1.6)}" width="${n(size * 0.3)}" height="${n(size * 1.6)}" fill="#a16207" ${outline}/>`;
    out += `<circle cx="${n(x)}" cy="${n(base - size * 1.9)}" r="${n(size)}" fill="${hsl(hue + 120, 70, 38)}" ${outline}/>`;
  }
  return out;
}

/** Pencil on paper: wobbly repeated outlines and hatching. */
function paintSketch(c: Canvas): string {
  const { w, h, min, random } = c;
  const pencil = "#334155";
  const wobble = (value: number) => value + random.range(-1, 1) * min * 0.004;
  let out = `<rect width="${w}" height="${h}" fill="#f5f0e6"/>`;
  let grain = "";
  for (let index = 0; index < 40; index += 1) {
    const y = random.range(0, h);
    grain += `M${n(random.range(0, w))} ${n(y)}l${n(random.range(20, 90))} ${n(random.range(-3, 3))}`;
  }
  out += `<path d="${grain}" stroke="#d6cfc0" stroke-width="1"/>`;
  let strokes = "";
  // A sun drawn three times, never quite on the same line (none in rain or snow).
  const sunX = random.range(0.6, 0.85) * w;
  const sunY = random.range(0.12, 0.28) * h;
  const sunR = min * 0.07;
  for (let pass = 0; pass < (c.weather ? 0 : 3); pass += 1) {
    let d = "";
    for (let step = 0; step <= 24; step += 1) {
      const angle = (step / 24) * Math.PI * 2 + pass;
      d += `${step ? "L" : "M"}${n(wobble(sunX + Math.cos(angle) * sunR))} ${n(wobble(sunY + Math.sin(angle) * sunR))}`;
    }
    strokes += d;
  }
  // Hills as three loose passes of the same ridge.
  const noise = createNoise1D(random, 3);
  const ridges = [0.55, 0.7];
  let hatch = "";
  for (const [ridgeIndex, level] of ridges.entries()) {
    const offset = random.range(0, 50);
    const heightAt = (x: number) => level * h - noise(offset + (x / w) * 3) * h * 0.18;
    for (let pass = 0; pass < 3; pass += 1) {
      let d = "";
      for (let step = 0; step <= 40; step += 1) {
        const x = (step / 40) * w;
        d += `${step ? "L" : "M"}${n(wobble(x))} ${n(wobble(heightAt(x)))}`;
      }
      strokes += d;
    }
    // Hatching under the nearer ridge: short parallel diagonals.
    for (let index = 0; index < (ridgeIndex === 1 ? 120 : 60); index += 1) {
      const x = random.range(0, w);
      const y = heightAt(x) + random.range(0.01, 0.12) * h;
      const length = random.range(0.015, 0.04) * min;
      hatch += `M${n(x)} ${n(y)}l${n(length)} ${n(-length)}`;
    }
  }
  // Pines on the near ridge, each outlined twice with a trunk.
  for (let tree = 0; tree < random.int(3, 6); tree += 1) {
    const x = random.range(0.05, 0.95) * w;
    const base = random.range(0.78, 0.92) * h;
    const size = min * random.range(0.05, 0.1);
    for (let pass = 0; pass < 2; pass += 1) {
      strokes += `M${n(wobble(x - size * 0.5))} ${n(wobble(base))}L${n(wobble(x))} ${n(wobble(base - size * 2))}L${n(wobble(x + size * 0.5))} ${n(wobble(base))}Z`;
    }
    strokes += `M${n(x)} ${n(base)}v${n(size * 0.4)}`;
    for (let line = 1; line < 6; line += 1) {
      const y = base - (size * 2 * line) / 6;
      const half = (size * 0.5 * (6 - line)) / 6;
      hatch += `M${n(x - half)} ${n(y + half * 0.4)}L${n(x + half * 0.6)} ${n(y)}`;
    }
  }
  // A few birds as quick checkmarks.
  for (let bird = 0; bird < random.int(2, 5); bird += 1) {
    const x = random.range(0.1, 0.6) * w;
    const y = random.range(0.1, 0.35) * h;
    const s = min * random.range(0.012, 0.025);
    strokes += `M${n(x - s)} ${n(y - s * 0.4)}Q${n(x - s * 0.5)} ${n(y - s * 0.8)} ${n(x)} ${n(y)}Q${n(x + s * 0.5)} ${n(y - s * 0.8)} ${n(x + s)} ${n(y - s * 0.4)}`;
  }
  out += `<path d="${strokes}" fill="none" stroke="${pencil}" stroke-width="${n(min * 0.0025)}" stroke-linecap="round" stroke-linejoin="round" opacity="0.8"/>`;
  out += `<path d="${hatch}" stroke="${pencil}" stroke-width="${n(min * 0.0016)}" stroke-linecap="round" opacity="0.55"/>`;
  return out;
}

/** Geometry on a grid: circles, half discs, bars and triangles in a tight palette. */
function paintAbstract(c: Canvas): string {
  const { w, h, min, random, hue } = c;
  const palette = [hsl(hue, 75, 52), hsl(hue + 150, 65, 45), hsl(hue + 45, 90, 60), "#0f172a", hsl(hue + 210, 60, 35)];
  const background = random.chance(0.5) ? "#f1ece2" : hsl(hue + 200, 30, 12);
  let out = `<rect width="${w}" height="${h}" fill="${background}"/>`;
  const cell = min / random.int(3, 5);
  for (let index = 0; index < random.int(12, 18); index += 1) {
    const x = Math.floor(random.range(0, w / cell)) * cell;
    const y = Math.floor(random.range(0, h / cell)) * cell;
    const color = random.pick(palette);
    const span = cell * random.int(1, 2);
    const blend = random.chance(0.4) ? ` opacity="0.85"` : "";
    switch (random.int(0, 4)) {
      case 0:
        out += `<circle cx="${n(x + span / 2)}" cy="${n(y + span / 2)}" r="${n(span / 2)}" fill="${color}"${blend}/>`;
        break;
      case 1: {
        const flip = random.chance(0.5);
        out += `<path d="M${n(x)} ${n(y + span / 2)}A${n(span / 2)} ${n(span / 2)} 0 0 ${flip ? 1 : 0} ${n(x + span)} ${n(y + span / 2)}Z" fill="${color}"${blend}/>`;
        break;
      }
      case 2:
        out += `<rect x="${n(x)}" y="${n(y)}" width="${n(span)}" height="${n(span * random.pick([0.25, 0.5, 1]))}" fill="${color}"${blend}/>`;
        break;
      case 3:
        out += `<path d="M${n(x)} ${n(y + span)}L${n(x + span / 2)} ${n(y)}L${n(x + span)} ${n(y + span)}Z" fill="${color}"${blend}/>`;
        break;
      default:
        out += `<path d="M${n(x)} ${n(y)}L${n(x + span)} ${n(y + span)}" stroke="${color}" stroke-width="${n(min * 0.012)}" stroke-linecap="round"/>`;
    }
  }
  out += `<circle cx="${n(random.range(0.2, 0.8) * w)}" cy="${n(random.range(0.2, 0.8) * h)}" r="${n(min * 0.16)}" fill="none" stroke="${random.pick(palette)}" stroke-width="${n(min * 0.02)}"/>`;
  return out;
}

export const placeholderNotice =
  "Offline demo engine: a procedural placeholder drawn from your prompt in the chosen style and size, not an AI generation.";
