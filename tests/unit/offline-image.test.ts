import { readFileSync, statSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { exampleImages, imageSizes, imageStyles } from "~/content/media-catalogs";
import { placeholderCaption, proceduralImage } from "~/server/ai/offline/image.server";
import { readScene } from "~/server/ai/offline/image-motifs.server";
import { createNoise1D, createRandom, hashString } from "~/server/ai/offline/prng.server";

function svgRoot(svg: string) {
  const root = svg.match(/^<svg\b[^>]*>/)?.[0] ?? "";
  return {
    width: Number(root.match(/\swidth="(\d+)"/)?.[1]),
    height: Number(root.match(/\sheight="(\d+)"/)?.[1]),
    viewBox: root.match(/\sviewBox="([^"]+)"/)?.[1],
  };
}

describe("seeded random numbers", () => {
  test("the same seed gives the same sequence; another seed another", () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 8 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw(7).every((value) => value >= 0 && value < 1)).toBe(true);
  });

  test("hashes strings stably and spreads integers over their range", () => {
    expect(hashString("mountain lake")).toBe(hashString("mountain lake"));
    expect(hashString("mountain lake")).not.toBe(hashString("mountain lakes"));
    const random = createRandom(1);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(1, 6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test("noise is smooth and within 0–1", () => {
    const noise = createNoise1D(createRandom(5));
    const samples = Array.from({ length: 200 }, (_, index) => noise(index / 50));
    expect(samples.every((value) => value >= 0 && value <= 1)).toBe(true);
    const jumps = samples.slice(1).map((value, index) => Math.abs(value - samples[index]!));
    expect(Math.max(...jumps)).toBeLessThan(0.2);
  });
});

describe("procedural placeholder images", () => {
  test.each(imageSizes.flatMap((size) => imageStyles.map((style) => [style.id, size.id, size.width, size.height] as const)))(
    "%s at %s has exactly that width, height and viewBox",
    (style, size, width, height) => {
      const svg = proceduralImage({ prompt: "a lighthouse on a cliff", style, size });
      expect(svgRoot(svg)).toEqual({ width, height, viewBox: `0 0 ${width} ${height}` });
      expect(svg).toContain(placeholderCaption);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(svg.length).toBeLessThan(60_000);
    },
  );

  test("is deterministic for a prompt and differs for another prompt", () => {
    const options = { prompt: "Neon city at night", style: "artistic", size: "square" } as const;
    expect(proceduralImage(options)).toBe(proceduralImage(options));
    // Case and surrounding spaces do not change the drawing (only the title, which quotes the prompt).
    const drawing = (svg: string) => svg.replace(/<title>.*<\/title>/, "");
    expect(drawing(proceduralImage({ ...options, prompt: "  NEON city at night " }))).toBe(drawing(proceduralImage(options)));
    expect(proceduralImage({ ...options, prompt: "A quiet forest" })).not.toBe(proceduralImage(options));
  });

  test("each style draws with its own elements", () => {
    const draw = (style: (typeof imageStyles)[number]["id"]) => proceduralImage({ prompt: "hills", style, size: "square" });
    expect(draw("realistic")).toContain("feGaussianBlur");
    expect(draw("realistic")).toContain('id="sky"');
    expect(draw("artistic")).toContain('id="ribbon"');
    expect(draw("3d")).toContain("<radialGradient");
    expect(draw("cartoon")).toMatch(/stroke="#1e1b2e"/);
    expect(draw("sketch")).toContain("#f5f0e6");
    expect(draw("abstract")).not.toContain("<filter");
    const bodies = imageStyles.map((style) => draw(style.id));
    expect(new Set(bodies).size).toBe(6);
  });

  test("escapes the prompt and never contains script", () => {
    const svg = proceduralImage({ prompt: `</title><script>alert("x")</script>`, style: "sketch", size: "square" });
    expect(svg).not.toMatch(/<script|<\/title><script/);
    expect(svg).toContain("&#60;/title&#62;");
  });

  test("leaves the caption out on request (the shipped examples)", () => {
    expect(proceduralImage({ prompt: "x", style: "abstract", size: "square", caption: false })).not.toContain(placeholderCaption);
  });
});

describe("example generations", () => {
  test("six local files in the spec's order of styles, small, with width and height", () => {
    expect(exampleImages.map((example) => example.style)).toEqual([
      "Realistic",
      "Abstract",
      "Artistic",
      "3D Render",
      "Digital Art",
      "Realistic",
    ]);
    for (const example of exampleImages) {
      const file = new URL(`../../public${example.url}`, import.meta.url);
      expect(statSync(file).size, example.url).toBeLessThan(30 * 1024);
      const root = svgRoot(readFileSync(file, "utf8"));
      expect(root).toEqual({ width: 1024, height: 1024, viewBox: "0 0 1024 1024" });
    }
  });
});

describe("the placeholder follows the prompt's words", () => {
  test("reads subjects, their colours and clothes, a shelter and the weather", () => {
    expect(readScene("a red fox in a yellow raincoat under a mushroom in the rain")).toEqual({
      subjects: [{ kind: "fox", colour: "#dc2626", clothes: "#facc15" }],
      shelter: { kind: "mushroom", colour: undefined },
      weather: "rain",
    });
    expect(readScene("Sunrise over a quiet alpine lake with snow-capped peaks")).toEqual({
      subjects: [],
      shelter: undefined,
      weather: undefined,
    });
    expect(readScene("two cats and a dog beside a blue house").subjects.map((s) => s.kind)).toEqual(["cat", "dog"]);
  });

  test("draws a red fox in yellow under a mushroom in the rain, with no sun", () => {
    for (const style of ["cartoon", "realistic", "sketch", "3d", "artistic"] as const) {
      const svg = proceduralImage({ prompt: "a red fox in a yellow raincoat under a mushroom in the rain", style, size: "square" });
      expect(svg, style).toContain('data-motif="fox"');
      expect(svg, style).toContain('data-motif="mushroom"');
      expect(svg.match(/<g data-motif="fox">[\s\S]*?<\/g>/)?.[0], style).toContain("#facc15");
    }
    const cartoon = proceduralImage({ prompt: "a fox in the rain", style: "cartoon", size: "square" });
    expect(cartoon).not.toContain("#fde047"); // the smiling sun's yellow
    expect(proceduralImage({ prompt: "a fox on a sunny day", style: "cartoon", size: "square" })).toContain("#fde047");
  });

  test("abstract stays abstract", () => {
    expect(proceduralImage({ prompt: "a red fox", style: "abstract", size: "square" })).not.toContain("data-motif");
  });
});
