// Writes app/server/media/caption-glyphs.json: the outlines of DejaVu Sans (Debian's
// fonts-dejavu-core; Bitstream Vera licence, which allows this) for printable ASCII and '·', as
// path data in font units. The PNG of an offline placeholder draws its caption with them: the
// Worker has no fonts of its own, and a few dozen outlines are far smaller than a font file.
// Run `node scripts/caption-glyphs.mjs [font.ttf]` to write it again; caption-glyphs.server.ts types it.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const fontPath = process.argv[2] ?? "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const out = fileURLToPath(new URL("../app/server/media/caption-glyphs.json", import.meta.url));
const font = readFileSync(fontPath);
const view = new DataView(font.buffer, font.byteOffset, font.byteLength);

const tables = {};
for (let index = 0; index < view.getUint16(4); index++) {
  const record = 12 + index * 16;
  tables[font.toString("latin1", record, record + 4)] = view.getUint32(record + 8);
}
const unitsPerEm = view.getUint16(tables.head + 18);
const longOffsets = view.getInt16(tables.head + 50) === 1;
const metricsCount = view.getUint16(tables.hhea + 34);
const ascender = view.getInt16(tables.hhea + 4);

function glyphIndex(code) {
  // cmap: the Windows Unicode BMP subtable (format 4).
  const count = view.getUint16(tables.cmap + 2);
  for (let index = 0; index < count; index++) {
    const record = tables.cmap + 4 + index * 8;
    const sub = tables.cmap + view.getUint32(record + 4);
    if (view.getUint16(record) !== 3 || view.getUint16(record + 2) !== 1 || view.getUint16(sub) !== 4) continue;
    const segments = view.getUint16(sub + 6) / 2;
    const ends = sub + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    for (let segment = 0; segment < segments; segment++) {
      if (code > view.getUint16(ends + segment * 2) || code < view.getUint16(starts + segment * 2)) continue;
      const delta = view.getInt16(deltas + segment * 2);
      const range = view.getUint16(ranges + segment * 2);
      if (range === 0) return (code + delta) & 0xffff;
      const at = ranges + segment * 2 + range + (code - view.getUint16(starts + segment * 2)) * 2;
      const glyph = view.getUint16(at);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
  }
  return 0;
}

const advanceOf = (glyph) => view.getUint16(tables.hmtx + Math.min(glyph, metricsCount - 1) * 4);
const locaOf = (glyph) => (longOffsets ? view.getUint32(tables.loca + glyph * 4) : view.getUint16(tables.loca + glyph * 2) * 2);

/** A simple glyph's contours as an SVG path (y up, as in the font). */
function outline(glyph) {
  const start = tables.glyf + locaOf(glyph);
  if (locaOf(glyph + 1) === locaOf(glyph)) return "";
  const contours = view.getInt16(start);
  if (contours < 0) throw new Error(`glyph ${glyph} is a composite glyph`);
  const ends = Array.from({ length: contours }, (_, index) => view.getUint16(start + 10 + index * 2));
  const points = ends.at(-1) + 1;
  let at = start + 10 + contours * 2;
  at += 2 + view.getUint16(at);
  const flags = [];
  while (flags.length < points) {
    const flag = font[at++];
    flags.push(flag);
    if (flag & 8) for (let repeat = font[at++]; repeat > 0; repeat--) flags.push(flag);
  }
  const coordinates = (short, same) => {
    let value = 0;
    return flags.map((flag) => {
      if (flag & short) value += flag & same ? font[at++] : -font[at++];
      else if (!(flag & same)) {
        value += view.getInt16(at);
        at += 2;
      }
      return value;
    });
  };
  const xs = coordinates(2, 16);
  const ys = coordinates(4, 32);
  let d = "";
  let first = 0;
  for (const end of ends) {
    const contour = [];
    for (let index = first; index <= end; index++) contour.push({ x: xs[index], y: ys[index], on: (flags[index] & 1) === 1 });
    first = end + 1;
    // Start on a point on the curve (or between two control points), then quadratic segments.
    let startIndex = contour.findIndex((point) => point.on);
    let origin;
    if (startIndex < 0) {
      origin = { x: (contour[0].x + contour[1].x) / 2, y: (contour[0].y + contour[1].y) / 2 };
      startIndex = 0;
    } else origin = contour[startIndex];
    d += `M${origin.x} ${origin.y}`;
    let control;
    for (let step = 1; step <= contour.length; step++) {
      const point = contour[(startIndex + step) % contour.length];
      if (step === contour.length && !contour[startIndex].on) {
        d += control ? `Q${control.x} ${control.y} ${origin.x} ${origin.y}` : "";
        break;
      }
      if (point.on) {
        d += control ? `Q${control.x} ${control.y} ${point.x} ${point.y}` : `L${point.x} ${point.y}`;
        control = undefined;
      } else {
        if (control) {
          const middle = { x: (control.x + point.x) / 2, y: (control.y + point.y) / 2 };
          d += `Q${control.x} ${control.y} ${middle.x} ${middle.y}`;
        }
        control = point;
      }
    }
    d += "Z";
  }
  return d;
}

const characters = [...Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)), "·"];
// One character a line, so that a change of font or range reads as a short diff.
const entries = characters.map((character) => {
  const glyph = glyphIndex(character.codePointAt(0));
  return `    ${JSON.stringify(character)}: [${advanceOf(glyph)}, ${JSON.stringify(outline(glyph))}]`;
});
writeFileSync(
  out,
  [
    "{",
    '  "source": "DejaVu Sans (Bitstream Vera licence), written by scripts/caption-glyphs.mjs: do not edit",',
    `  "unitsPerEm": ${unitsPerEm},`,
    `  "ascender": ${ascender},`,
    '  "glyphs": {',
    entries.join(",\n"),
    "  }",
    "}",
    "",
  ].join("\n"),
);
console.log(`wrote ${out} (${characters.length} characters)`);
