import { describe, expect, test } from "vitest";
import { placeholderCaption, proceduralImage } from "~/server/ai/offline/image.server";
import { decodePng } from "~/server/media/png.server";
import type { Raster } from "~/server/media/raster.server";
import { rasteriseSvg, SvgRasterError, svgToPng } from "~/server/media/svg-raster.server";
import { hslToRgb, rgbDistance } from "../support/css-colour";

// The offline placeholder's PNG is drawn by our own rasteriser: simple shapes with known pixels
// first, then the generator's own pictures.

const svg = (body: string, width = 20, height = 20) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
const pixel = (raster: Raster, x: number, y: number) =>
  Array.from(raster.data.subarray((y * raster.width + x) * 4, (y * raster.width + x) * 4 + 4));
const coveredArea = (raster: Raster) => {
  let area = 0;
  for (let i = 3; i < raster.data.length; i += 4) area += raster.data[i]! / 255;
  return area;
};

describe("the SVG rasteriser on simple shapes", () => {
  test("a rectangle fills its pixels exactly, and half a pixel at a half-pixel edge", () => {
    const raster = rasteriseSvg(svg(`<rect x="2.5" y="4" width="10" height="6" fill="#ff0000"/>`));
    expect([raster.width, raster.height]).toEqual([20, 20]);
    expect(pixel(raster, 5, 6)).toEqual([255, 0, 0, 255]);
    expect(pixel(raster, 1, 6)).toEqual([0, 0, 0, 0]);
    expect(pixel(raster, 5, 3)).toEqual([0, 0, 0, 0]);
    expect(pixel(raster, 2, 6)[3]).toBeCloseTo(128, -1);
    expect(pixel(raster, 12, 6)[3]).toBeCloseTo(128, -1);
    expect(coveredArea(raster)).toBeCloseTo(60, 1);
  });

  test("a circle covers π r² and is smooth at its edge", () => {
    const raster = rasteriseSvg(svg(`<circle cx="50" cy="50" r="30" fill="hsl(120 100% 25%)"/>`, 100, 100));
    expect(pixel(raster, 50, 50)).toEqual([0, 128, 0, 255]);
    expect(pixel(raster, 50, 10)[3]).toBe(0);
    expect(Math.abs(coveredArea(raster) - Math.PI * 900) / (Math.PI * 900)).toBeLessThan(0.005);
    const edge = raster.data.filter((value, index) => index % 4 === 3 && value > 0 && value < 255);
    expect(edge.length).toBeGreaterThan(100);
  });

  test("paths: lines, curves and arcs; nonzero filling keeps a hole drawn the other way round", () => {
    const square = "M10 10H90V90H10Z";
    const hole = "M30 30V70H70V30Z";
    const raster = rasteriseSvg(svg(`<path d="${square}${hole}" fill="#00f"/>`, 100, 100));
    expect(pixel(raster, 20, 20)).toEqual([0, 0, 255, 255]);
    expect(pixel(raster, 50, 50)).toEqual([0, 0, 0, 0]);
    // The same hole drawn the same way round as the square is filled.
    const same = rasteriseSvg(svg(`<path d="${square}M30 30H70V70H30Z" fill="#00f"/>`, 100, 100));
    expect(pixel(same, 50, 50)).toEqual([0, 0, 255, 255]);
    // Relative commands, a quadratic curve and a half-disc arc close their shapes.
    const half = rasteriseSvg(svg(`<path d="M10 50A40 40 0 0 1 90 50Z" fill="#000"/>`, 100, 100));
    expect(Math.abs(coveredArea(half) - (Math.PI * 1600) / 2) / ((Math.PI * 1600) / 2)).toBeLessThan(0.01);
    expect(pixel(half, 50, 30)[3]).toBe(255);
    expect(pixel(half, 50, 70)[3]).toBe(0);
    const curve = rasteriseSvg(svg(`<path d="m10 90q40 -160 80 0z" fill="#000"/>`, 100, 100));
    expect(pixel(curve, 50, 40)[3]).toBe(255);
    expect(pixel(curve, 15, 20)[3]).toBe(0);
  });

  test("a stroke covers its width on both sides of the line, with round caps past its ends", () => {
    const raster = rasteriseSvg(svg(`<path d="M4 10h12" stroke="#fff" stroke-width="4"/>`));
    expect(pixel(raster, 10, 8)).toEqual([255, 255, 255, 255]);
    expect(pixel(raster, 10, 11)).toEqual([255, 255, 255, 255]);
    expect(pixel(raster, 10, 12)[3]).toBe(0);
    expect(pixel(raster, 3, 10)[3]).toBe(0);
    expect(coveredArea(raster)).toBeCloseTo(48, 0);
    const round = rasteriseSvg(svg(`<path d="M4 10h12" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`));
    expect(pixel(round, 3, 10)[3]).toBe(255);
    // Each cap is half a disc of radius 2 (drawn as a polygon, a little inside the circle).
    expect(Math.abs(coveredArea(round) - (48 + Math.PI * 4))).toBeLessThan(1);
    // A path with no fill of its own (lines only) fills nothing.
    const lines = rasteriseSvg(svg(`<path d="M2 2L18 18"/>`));
    expect(coveredArea(lines)).toBe(0);
  });

  test("opacity, fill-opacity and translucent colours blend over what is below", () => {
    const white = `<rect width="20" height="20" fill="#fff"/>`;
    const half = rasteriseSvg(svg(`${white}<rect width="20" height="20" fill="#f00" opacity="0.5"/>`));
    expect(pixel(half, 10, 10)).toEqual([255, 128, 128, 255]);
    const fillOpacity = rasteriseSvg(svg(`${white}<g fill-opacity="0.5"><rect width="20" height="20" fill="#f00"/></g>`));
    expect(pixel(fillOpacity, 10, 10)).toEqual([255, 128, 128, 255]);
    const rgb = rasteriseSvg(svg(`${white}<rect width="20" height="20" fill="rgb(0 0 0 / 0.25)"/>`));
    expect(pixel(rgb, 10, 10)).toEqual([191, 191, 191, 255]);
    // A group's opacity applies to the group as one: its overlapping shapes do not add up.
    const group = rasteriseSvg(
      svg(`${white}<g opacity="0.5"><rect width="20" height="20" fill="#000"/><rect width="20" height="20" fill="#000"/></g>`),
    );
    expect(pixel(group, 10, 10)).toEqual([128, 128, 128, 255]);
  });

  test("linear and radial gradients run across the shape's bounding box", () => {
    const raster = rasteriseSvg(
      svg(
        `<defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient>` +
          `<radialGradient id="r"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></radialGradient></defs>` +
          `<rect x="0" y="0" width="100" height="50" fill="url(#l)"/><rect x="0" y="50" width="100" height="50" fill="url(#r)"/>`,
        100,
        100,
      ),
    );
    expect(pixel(raster, 0, 20)[0]).toBeLessThan(5);
    expect(pixel(raster, 99, 20)[0]).toBeGreaterThan(250);
    expect(pixel(raster, 50, 20)[0]).toBeCloseTo(128, -1);
    // The radial gradient's centre is red, its edge blue.
    expect(pixel(raster, 50, 75)[0]).toBeGreaterThan(245);
    expect(pixel(raster, 50, 75)[2]).toBeLessThan(10);
    expect(pixel(raster, 0, 50).slice(0, 3)).toEqual([0, 0, 255]);
  });

  test("a Gaussian blur spreads a shape's edge and keeps its weight", () => {
    const sharp = rasteriseSvg(svg(`<rect x="30" y="30" width="40" height="40" fill="#000"/>`, 100, 100));
    const blurred = rasteriseSvg(
      svg(
        `<defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="5"/></filter></defs>` +
          `<rect x="30" y="30" width="40" height="40" fill="#000" filter="url(#b)"/>`,
        100,
        100,
      ),
    );
    expect(pixel(sharp, 28, 50)[3]).toBe(0);
    // Five pixels out from the edge is one standard deviation: about 16% of the full alpha.
    expect(pixel(blurred, 25, 50)[3]).toBeGreaterThan(20);
    expect(pixel(blurred, 25, 50)[3]).toBeLessThan(60);
    expect(pixel(blurred, 50, 50)[3]).toBe(255);
    expect(Math.abs(coveredArea(blurred) - 1600) / 1600).toBeLessThan(0.02);
  });

  test("text is drawn with the caption font from its baseline, in its fill", () => {
    const raster = rasteriseSvg(svg(`<g font-size="20"><text x="10" y="30" fill="#fff">Placeholder</text></g>`, 200, 40));
    const inked: number[] = [];
    for (let y = 0; y < 40; y++) for (let x = 0; x < 200; x++) if (pixel(raster, x, y)[3]! > 128) inked.push(x, y);
    const xs = inked.filter((_, index) => index % 2 === 0);
    const ys = inked.filter((_, index) => index % 2 === 1);
    // 'P' starts at x 10 plus its side bearing; the letters stand on the baseline and 'l', 'h', 'd' reach the cap height.
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(10);
    expect(Math.min(...xs)).toBeLessThan(14);
    expect(Math.max(...ys)).toBeLessThanOrEqual(30);
    expect(Math.min(...ys)).toBeLessThan(17);
    expect(Math.max(...xs)).toBeGreaterThan(110);
    expect(Math.max(...xs)).toBeLessThan(140);
  });

  test("refuses what is not a drawable SVG", () => {
    expect(() => rasteriseSvg("not an svg")).toThrow(SvgRasterError);
    expect(() => rasteriseSvg(svg("", 5000, 10))).toThrow(SvgRasterError);
    expect(() => rasteriseSvg(svg(`<path d="M1 1L"/>`))).toThrow(SvgRasterError);
  });
});

describe("the offline placeholder as a PNG", () => {
  test("is a PNG of the named size whose pixels are the picture's: its sky, its subject and its caption", async () => {
    const picture = proceduralImage({ prompt: "A red fox in a meadow", style: "cartoon", size: "landscape" });
    const png = await svgToPng(picture);
    const rows: Uint8Array[] = [];
    const size = await decodePng(png, { row: (_, rgba) => rows.push(new Uint8Array(rgba)) });
    expect(size).toEqual({ width: 1536, height: 1024 });
    const at = (x: number, y: number) => Array.from(rows[y]!.subarray(x * 4, x * 4 + 4));
    // The cartoon sky is the first rectangle's colour, opaque.
    const sky = picture.match(/<rect width="1536" height="1024" fill="hsl\((\d+) (\d+)% (\d+)%\)"\/>/)!;
    expect(sky).not.toBeNull();
    const skyPixel = at(1500, 10);
    expect(skyPixel[3]).toBe(255);
    expect(rgbDistance(skyPixel, hslToRgb(Number(sky[1]), Number(sky[2]), Number(sky[3])))).toBeLessThan(3);
    // The red fox (#dc2626) stands in the middle.
    let fox = 0;
    for (const row of rows) for (let x = 0; x < 1536; x++) if (rgbDistance(row.subarray(x * 4, x * 4 + 3), [0xdc, 0x26, 0x26]) < 4) fox++;
    expect(fox).toBeGreaterThan(20_000);
    // The caption's white letters sit in its dark badge, bottom right.
    const badge = rows.slice(960, 1000).flatMap((row) => Array.from({ length: 400 }, (_, i) => row[(1100 + i) * 4]!));
    expect(badge.some((value) => value > 240)).toBe(true);
    expect(badge.some((value) => value < 60)).toBe(true);
    expect(picture).toContain(placeholderCaption);
  });

  test("the same drawing always gives the same bytes", async () => {
    const picture = proceduralImage({ prompt: "Neon dreams", style: "artistic", size: "square" });
    expect(await svgToPng(picture)).toEqual(await svgToPng(picture));
  });
});
