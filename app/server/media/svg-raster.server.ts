import { captionFont, captionGlyphs } from "./caption-glyphs.server";
import { encodePng } from "./png.server";
import type { Raster } from "./raster.server";
import {
  blurLayer,
  boxOf,
  compositeLayer,
  createLayer,
  ellipsePolygon,
  fillPolygons,
  LayerPool,
  strokePolygons,
  unionBox,
  type Box,
  type Layer,
  type Paint,
  type Polygon,
  type Rgba,
  type StrokeStyle,
} from "./vector-raster.server";

// Draws an SVG into pixels, for the offline engine's placeholders (ai/offline/image.server.ts),
// which are drawn with a small set of SVG: rect, circle, ellipse, path, g, linear and radial
// gradients, opacity, feGaussianBlur and a line of text. Only that set is read; anything else is
// left out of the picture. Text is drawn with the outlines in caption-glyphs.server.ts (DejaVu
// Sans): a browser shows the stored SVG's caption in the system's sans-serif, so the letters of the
// PNG may differ slightly in shape, not in words or place.

export class SvgRasterError extends Error {}

/** The largest picture drawn, a side: the offline engine's sizes go to 1536. */
export const MAX_SIDE = 4096;

type Node = { name: string; attributes: Record<string, string>; children: Node[]; text: string };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (entity[0] !== "#") return named[entity.toLowerCase()]!;
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });

/** Elements, attributes and text; comments, declarations and processing instructions are skipped. */
function parseXml(source: string): Node {
  const root: Node = { name: "#root", attributes: {}, children: [], text: "" };
  const stack = [root];
  const token = /<!--[\s\S]*?-->|<[?!][^>]*>|<\/([\w:-]+)\s*>|<([\w:-]+)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|</g;
  for (const match of source.matchAll(token)) {
    const [, closing, opening, attributeText, selfClosing, text] = match;
    const parent = stack.at(-1)!;
    if (closing) {
      if (stack.length > 1 && parent.name === closing) stack.pop();
    } else if (opening) {
      const attributes: Record<string, string> = {};
      for (const [, name, double, single] of attributeText!.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
        attributes[name!] = decodeEntities(double ?? single ?? "");
      const node: Node = { name: opening, attributes, children: [], text: "" };
      parent.children.push(node);
      if (!selfClosing) stack.push(node);
    } else if (text) parent.text += decodeEntities(text);
  }
  return root;
}

// Colours

function parseColour(value: string | undefined): Rgba | undefined {
  if (!value) return undefined;
  const text = value.trim().toLowerCase();
  const named: Record<string, string> = { white: "#fff", black: "#000", red: "#f00", transparent: "#0000" };
  if (named[text]) return parseColour(named[text]);
  const hex = text.match(/^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit) : hex.match(/../g)!;
    const [r, g, b, a = 255] = digits.map((pair) => parseInt(pair, 16));
    return [r! / 255, g! / 255, b! / 255, a / 255];
  }
  const functional = text.match(/^(rgba?|hsla?)\(([^)]*)\)$/);
  if (!functional) return undefined;
  const parts = functional[2]!.split(/[\s,/]+/).filter(Boolean);
  const number = (part: string | undefined, percentOf: number) =>
    part === undefined ? undefined : part.endsWith("%") ? (parseFloat(part) / 100) * percentOf : parseFloat(part);
  const alpha = Math.min(1, Math.max(0, number(parts[3], 1) ?? 1));
  if (functional[1]!.startsWith("rgb")) {
    const [r, g, b] = [0, 1, 2].map((index) => Math.min(255, Math.max(0, number(parts[index], 255) ?? 0)) / 255);
    return [r!, g!, b!, alpha];
  }
  const hue = ((((parseFloat(parts[0] ?? "0") || 0) % 360) + 360) % 360) / 360;
  const saturation = Math.min(1, Math.max(0, (number(parts[1], 1) ?? 0) / (parts[1]?.endsWith("%") ? 1 : 100)));
  const lightness = Math.min(1, Math.max(0, (number(parts[2], 1) ?? 0) / (parts[2]?.endsWith("%") ? 1 : 100)));
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const u = ((t % 1) + 1) % 1;
    return u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
  };
  return [channel(hue + 1 / 3), channel(hue), channel(hue - 1 / 3), alpha];
}

const premultiplied = ([r, g, b, a]: Rgba, opacity = 1): Rgba => [r * a * opacity, g * a * opacity, b * a * opacity, a * opacity];
const withAlpha = ([r, g, b, a]: Rgba, opacity: number): Rgba => [r, g, b, a * opacity];

// Paths

/**
 * Path data as polylines, curves and arcs flattened finely enough for pixels; `scale` is how many
 * pixels one unit of the path becomes.
 */
export function flattenPath(d: string, scale = 1): { points: Polygon; closed: boolean }[] {
  const lines: { points: Polygon; closed: boolean }[] = [];
  const tokens = d.match(/[a-zA-Z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  let index = 0;
  let command = "";
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let [lastControlX, lastControlY] = [0, 0];
  let current: Polygon | undefined;
  const numbers = (count: number) => {
    const values: number[] = [];
    for (let i = 0; i < count; i++) {
      const value = Number(tokens[index]);
      if (tokens[index] === undefined || Number.isNaN(value)) throw new SvgRasterError("Path data is cut short.");
      values.push(value);
      index++;
    }
    return values;
  };
  const lineTo = (toX: number, toY: number) => {
    if (!current) {
      current = [x, y];
      lines.push({ points: current, closed: false });
    }
    current.push(toX, toY);
    [x, y] = [toX, toY];
  };
  const curve = (points: number[]) => {
    // A Bézier of degree points.length / 2 - 1 from the current point, in steps by its length.
    const all = [x, y, ...points];
    let length = 0;
    for (let i = 2; i < all.length; i += 2) length += Math.hypot(all[i]! - all[i - 2]!, all[i + 1]! - all[i - 1]!);
    const steps = Math.min(256, Math.max(4, Math.ceil(Math.sqrt(length * scale) * 2)));
    for (let step = 1; step <= steps; step++) {
      const t = step / steps;
      const point = [...all];
      for (let level = point.length / 2 - 1; level > 0; level--)
        for (let i = 0; i < level; i++) {
          point[i * 2] = point[i * 2]! + (point[i * 2 + 2]! - point[i * 2]!) * t;
          point[i * 2 + 1] = point[i * 2 + 1]! + (point[i * 2 + 3]! - point[i * 2 + 1]!) * t;
        }
      lineTo(point[0]!, point[1]!);
    }
  };
  while (index < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[index]!)) command = tokens[index++]!;
    else if (!command) throw new SvgRasterError("Path data must start with a command.");
    const relative = command === command.toLowerCase();
    const [dx, dy] = relative ? [x, y] : [0, 0];
    const type = command.toUpperCase();
    switch (type) {
      case "M": {
        const [mx, my] = numbers(2);
        [x, y, startX, startY] = [mx! + dx, my! + dy, mx! + dx, my! + dy];
        current = [x, y];
        lines.push({ points: current, closed: false });
        // Pairs after a moveto are linetos.
        command = relative ? "l" : "L";
        break;
      }
      case "L": {
        const [lx, ly] = numbers(2);
        lineTo(lx! + dx, ly! + dy);
        break;
      }
      case "H":
        lineTo(numbers(1)[0]! + dx, y);
        break;
      case "V":
        lineTo(x, numbers(1)[0]! + dy);
        break;
      case "C":
      case "S":
      case "Q":
      case "T": {
        const given = numbers(type === "C" ? 6 : type === "T" ? 2 : 4).map((value, i) => value + (i % 2 === 0 ? dx : dy));
        // S and T mirror the previous control point.
        const reflected = [2 * x - lastControlX, 2 * y - lastControlY];
        const points = type === "S" ? [...reflected, ...given] : type === "T" ? [...reflected, ...given] : given;
        [lastControlX, lastControlY] = [points[points.length - 4]!, points[points.length - 3]!];
        curve(points);
        break;
      }
      case "A": {
        const [rx, ry, rotation, large, sweep, ax, ay] = numbers(7);
        arc(x, y, Math.abs(rx!), Math.abs(ry!), rotation!, large !== 0, sweep !== 0, ax! + dx, ay! + dy, lineTo, scale);
        break;
      }
      case "Z":
        if (current) lines.at(-1)!.closed = true;
        [x, y] = [startX, startY];
        current = undefined;
        break;
      default:
        throw new SvgRasterError(`Path command ${command} is not drawn.`);
    }
    // S and T reflect only a curve's control point: after anything else, the current point.
    if (!"CSQT".includes(type)) [lastControlX, lastControlY] = [x, y];
  }
  return lines;
}

/** An elliptical arc (SVG's endpoint form, implementation notes F.6) as line segments. */
function arc(
  x1: number,
  y1: number,
  rx: number,
  ry: number,
  degrees: number,
  large: boolean,
  sweep: boolean,
  x2: number,
  y2: number,
  lineTo: (x: number, y: number) => void,
  scale: number,
) {
  if (rx === 0 || ry === 0 || (x1 === x2 && y1 === y2)) return lineTo(x2, y2);
  const phi = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const xp = (cos * (x1 - x2)) / 2 + (sin * (y1 - y2)) / 2;
  const yp = (-sin * (x1 - x2)) / 2 + (cos * (y1 - y2)) / 2;
  const grow = Math.max(1, Math.sqrt((xp * xp) / (rx * rx) + (yp * yp) / (ry * ry)));
  [rx, ry] = [rx * grow, ry * grow];
  const numerator = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  const factor = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / (rx * rx * yp * yp + ry * ry * xp * xp)));
  const cxp = (factor * rx * yp) / ry;
  const cyp = (-factor * ry * xp) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const start = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry);
  let delta = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const steps = Math.min(720, Math.max(4, Math.ceil((Math.abs(delta) * Math.sqrt(Math.max(rx, ry) * scale)) / 0.9)));
  for (let step = 1; step <= steps; step++) {
    const theta = start + (delta * step) / steps;
    const [ex, ey] = [rx * Math.cos(theta), ry * Math.sin(theta)];
    lineTo(cos * ex - sin * ey + cx, sin * ex + cos * ey + cy);
  }
}

// Drawing

/** What an element takes from its parents unless it says otherwise. */
type Inherited = { fill: string; fillOpacity: number; stroke: string; strokeOpacity: number; line: StrokeStyle; fontSize: number };
const initialStyle: Inherited = {
  fill: "#000",
  fillOpacity: 1,
  stroke: "none",
  strokeOpacity: 1,
  line: { width: 1, cap: "butt", join: "miter", miterLimit: 4 },
  fontSize: 16,
};

/** The viewBox's mapping to pixels, with the document's definitions by id. */
type Context = { scaleX: number; scaleY: number; offsetX: number; offsetY: number; ids: Map<string, Node>; pool: LayerPool };

/**
 * Something to draw: `box` is its geometry's bounding box in pixels (what objectBoundingBox units
 * refer to), `extent` what it may paint. `flat` when drawing it at an opacity is the same as
 * multiplying its paint by it (one paint, nothing overlapping itself in two operations).
 */
type Drawable = { box?: Box; extent?: Box; flat: boolean; draw: (target: Layer, opacity: number) => void };

const number = (value: string | undefined, fallback: number) => {
  const parsed = parseFloat(value ?? "");
  return Number.isFinite(parsed) ? parsed : fallback;
};
/** A fraction or percentage of a bounding box, as gradients and filters give them. */
const fraction = (value: string | undefined, fallback: number) =>
  value?.trim().endsWith("%") ? number(value, fallback * 100) / 100 : number(value, fallback);
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function inherit(style: Inherited, attributes: Record<string, string>): Inherited {
  const line = { ...style.line };
  if (attributes["stroke-width"] !== undefined) line.width = Math.max(0, number(attributes["stroke-width"], line.width));
  const cap = attributes["stroke-linecap"];
  if (cap === "butt" || cap === "round" || cap === "square") line.cap = cap;
  const join = attributes["stroke-linejoin"];
  if (join === "miter" || join === "round" || join === "bevel") line.join = join;
  if (attributes["stroke-miterlimit"] !== undefined) line.miterLimit = Math.max(1, number(attributes["stroke-miterlimit"], 4));
  return {
    fill: attributes.fill ?? style.fill,
    fillOpacity: attributes["fill-opacity"] !== undefined ? clamp01(number(attributes["fill-opacity"], 1)) : style.fillOpacity,
    stroke: attributes.stroke ?? style.stroke,
    strokeOpacity: attributes["stroke-opacity"] !== undefined ? clamp01(number(attributes["stroke-opacity"], 1)) : style.strokeOpacity,
    line,
    fontSize: attributes["font-size"] !== undefined ? Math.max(0, number(attributes["font-size"], style.fontSize)) : style.fontSize,
  };
}

/** A fill or stroke's paint: a colour, or a gradient over the element's bounding box. */
function resolvePaint(value: string, opacity: number, box: Box, context: Context): Paint | undefined {
  const reference = value.match(/^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/)?.[1];
  if (!reference) {
    const colour = parseColour(value);
    return colour && colour[3] > 0 ? { solid: premultiplied(colour, opacity) } : undefined;
  }
  const gradient = context.ids.get(reference);
  if (!gradient || (gradient.name !== "linearGradient" && gradient.name !== "radialGradient")) return undefined;
  const stops = gradient.children
    .filter((child) => child.name === "stop")
    .map((stop) => ({
      offset: clamp01(fraction(stop.attributes.offset, 0)),
      colour: withAlpha(
        parseColour(stop.attributes["stop-color"]) ?? [0, 0, 0, 1],
        clamp01(number(stop.attributes["stop-opacity"], 1)) * opacity,
      ),
    }));
  if (stops.length === 0) return undefined;
  for (let i = 1; i < stops.length; i++) stops[i]!.offset = Math.max(stops[i]!.offset, stops[i - 1]!.offset);
  // 256 colours along the gradient, looked up per pixel. Browsers mix the stops' colours and
  // opacities apart (a white stop fading out stays white), then premultiply.
  const table = new Float32Array(256 * 4);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    const after = stops.findIndex((stop) => stop.offset >= t);
    const [a, b] = after < 0 ? [stops.at(-1)!, stops.at(-1)!] : [stops[Math.max(after - 1, 0)]!, stops[after]!];
    const mix = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 1;
    const straight = a.colour.map((value, channel) => value + (b.colour[channel]! - value) * mix) as Rgba;
    table.set(premultiplied(straight), i * 4);
  }
  const attributes = gradient.attributes;
  const userSpace = attributes.gradientUnits === "userSpaceOnUse";
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  if (!userSpace && (width <= 0 || height <= 0)) return undefined;
  // Gradient coordinates to pixels: the bounding box, or the document's own units.
  const toX = (value: number) => (userSpace ? value * context.scaleX + context.offsetX : box.x0 + value * width);
  const toY = (value: number) => (userSpace ? value * context.scaleY + context.offsetY : box.y0 + value * height);
  const read = (name: string, fallback: number) => (userSpace ? number(attributes[name], fallback) : fraction(attributes[name], fallback));
  const lookup = (t: number, out: Rgba) => {
    const at = Math.round(clamp01(t) * 255) * 4;
    out[0] = table[at]!;
    out[1] = table[at + 1]!;
    out[2] = table[at + 2]!;
    out[3] = table[at + 3]!;
  };
  if (gradient.name === "linearGradient") {
    const [x1, y1, x2, y2] = [toX(read("x1", 0)), toY(read("y1", 0)), toX(read("x2", 1)), toY(read("y2", 0))];
    // In bounding-box units the gradient is drawn in the unit square and stretched: so is t.
    const [sx, sy] = userSpace ? [1, 1] : [1 / width, 1 / height];
    const [dx, dy] = [(x2 - x1) * sx, (y2 - y1) * sy];
    const length = dx * dx + dy * dy || 1;
    return { at: (x, y, out) => lookup(((x - x1) * sx * dx + (y - y1) * sy * dy) / length, out) };
  }
  const [cx, cy] = [toX(read("cx", 0.5)), toY(read("cy", 0.5))];
  const r = read("r", 0.5);
  const [rx, ry] = userSpace ? [r * context.scaleX, r * context.scaleY] : [r * width, r * height];
  if (rx <= 0 || ry <= 0) return undefined;
  return { at: (x, y, out) => lookup(Math.hypot((x - cx) / rx, (y - cy) / ry), out) };
}

/** A shape from its fill outline and the lines its stroke follows. */
function shape(outline: Polygon[], lines: { points: Polygon; closed: boolean }[], style: Inherited, context: Context): Drawable {
  const box = boxOf(outline);
  if (!box) return { flat: true, draw: () => {} };
  const fill = style.fill === "none" ? undefined : resolvePaint(style.fill, style.fillOpacity, box, context);
  const scale = Math.sqrt(context.scaleX * context.scaleY);
  const strokePaint = style.stroke === "none" ? undefined : resolvePaint(style.stroke, style.strokeOpacity, box, context);
  const stroke = strokePaint ? strokePolygons(lines, { ...style.line, width: style.line.width * scale }) : [];
  const strokeBox = boxOf(stroke);
  const extent = unionBox(fill ? box : undefined, strokeBox);
  return {
    box,
    extent: extent && { x0: extent.x0 - 1, y0: extent.y0 - 1, x1: extent.x1 + 1, y1: extent.y1 + 1 },
    flat: !(fill && strokePaint),
    draw: (target, opacity) => {
      if (fill) fillPolygons(target, outline, fill, opacity);
      if (strokePaint) fillPolygons(target, stroke, strokePaint, opacity);
    },
  };
}

function roundedRectangle(x: number, y: number, width: number, height: number, rx: number, ry: number): Polygon {
  if (rx <= 0 || ry <= 0) return [x, y, x + width, y, x + width, y + height, x, y + height];
  const corners = [
    [x + width - rx, y + ry, -Math.PI / 2],
    [x + width - rx, y + height - ry, 0],
    [x + rx, y + height - ry, Math.PI / 2],
    [x + rx, y + ry, Math.PI],
  ] as const;
  const points: Polygon = [];
  const steps = Math.max(4, Math.ceil(Math.sqrt(Math.max(rx, ry)) * 3));
  for (const [cx, cy, start] of corners)
    for (let step = 0; step <= steps; step++) {
      const angle = start + (step / steps) * (Math.PI / 2);
      points.push(cx + Math.cos(angle) * rx, cy + Math.sin(angle) * ry);
    }
  return points;
}

/** A line of text in the caption font, from its x and y (the baseline), filled like a shape. */
function textOutline(node: Node, style: Inherited, context: Context): Polygon[] {
  const size = style.fontSize;
  const unit = size / captionFont.unitsPerEm;
  const characters = [...node.text.replace(/\s+/g, " ").trim()];
  const advance = (character: string) => (captionGlyphs[character]?.[0] ?? captionFont.unitsPerEm / 2) * unit;
  const width = characters.reduce((sum, character) => sum + advance(character), 0);
  const anchor = node.attributes["text-anchor"];
  let x = number(node.attributes.x, 0) - (anchor === "middle" ? width / 2 : anchor === "end" ? width : 0);
  const y = number(node.attributes.y, 0);
  const outline: Polygon[] = [];
  for (const character of characters) {
    const glyph = captionGlyphs[character];
    if (glyph?.[1])
      for (const line of flattenPath(glyph[1], unit * context.scaleX)) {
        const points: Polygon = [];
        for (let i = 0; i < line.points.length; i += 2)
          points.push(
            (x + line.points[i]! * unit) * context.scaleX + context.offsetX,
            (y - line.points[i + 1]! * unit) * context.scaleY + context.offsetY,
          );
        outline.push(points);
      }
    x += advance(character);
  }
  return outline;
}

/** An element, or a group of them, as something to draw (nothing for what is not drawn). */
function prepare(node: Node, parent: Inherited, context: Context): Drawable | undefined {
  const style = inherit(parent, node.attributes);
  const a = node.attributes;
  const place = (points: Polygon): Polygon =>
    points.map((value, i) => (i % 2 === 0 ? value * context.scaleX + context.offsetX : value * context.scaleY + context.offsetY));
  let drawable: Drawable | undefined;
  switch (node.name) {
    case "g":
    case "svg": {
      const children = node.children.map((child) => prepare(child, style, context)).filter((child) => child !== undefined);
      drawable = {
        box: children.reduce<Box | undefined>((box, child) => unionBox(box, child.box), undefined),
        extent: children.reduce<Box | undefined>((box, child) => unionBox(box, child.extent), undefined),
        flat: children.length === 1 && children[0]!.flat,
        draw: (target, opacity) => children.forEach((child) => child.draw(target, opacity)),
      };
      break;
    }
    case "rect": {
      const [width, height] = [number(a.width, 0), number(a.height, 0)];
      if (width <= 0 || height <= 0) return undefined;
      const rx = Math.min(number(a.rx ?? a.ry, 0), width / 2);
      const ry = Math.min(number(a.ry ?? a.rx, 0), height / 2);
      const outline = place(roundedRectangle(number(a.x, 0), number(a.y, 0), width, height, rx, ry));
      drawable = shape([outline], [{ points: outline, closed: true }], style, context);
      break;
    }
    case "circle":
    case "ellipse": {
      const rx = number(node.name === "circle" ? a.r : a.rx, 0) * context.scaleX;
      const ry = number(node.name === "circle" ? a.r : a.ry, 0) * context.scaleY;
      if (rx <= 0 || ry <= 0) return undefined;
      const [cx, cy] = place([number(a.cx, 0), number(a.cy, 0)]);
      const outline = ellipsePolygon(cx!, cy!, rx, ry);
      drawable = shape([outline], [{ points: outline, closed: true }], style, context);
      break;
    }
    case "path": {
      const lines = flattenPath(a.d ?? "", Math.max(context.scaleX, context.scaleY)).map((line) => ({
        ...line,
        points: place(line.points),
      }));
      drawable = shape(
        lines.map((line) => line.points),
        lines,
        style,
        context,
      );
      break;
    }
    case "text": {
      const outline = textOutline(node, style, context);
      drawable = shape(outline, [], { ...style, stroke: "none" }, context);
      break;
    }
    default:
      return undefined;
  }
  return withEffects(drawable, a, context);
}

/** Opacity and a blur filter: drawn apart in a layer of their own, then laid over the picture. */
function withEffects(inner: Drawable, attributes: Record<string, string>, context: Context): Drawable {
  const opacity = clamp01(number(attributes.opacity, 1));
  const filterId = attributes.filter?.match(/^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/)?.[1];
  const filter = filterId ? context.ids.get(filterId) : undefined;
  const blur = filter?.children.find((child) => child.name === "feGaussianBlur");
  const deviation = number(blur?.attributes.stdDeviation, 0) * Math.sqrt(context.scaleX * context.scaleY);
  if (!filter && opacity === 1) return inner;
  if (!filter && inner.flat) return { ...inner, draw: (target, outer) => inner.draw(target, outer * opacity) };
  let region = inner.extent;
  if (filter && inner.box) {
    // The filter region, in fractions of the bounding box (SVG's default: 10% around it).
    const { x0, y0, x1, y1 } = inner.box;
    const [width, height] = [x1 - x0, y1 - y0];
    const fx = x0 + fraction(filter.attributes.x, -0.1) * width;
    const fy = y0 + fraction(filter.attributes.y, -0.1) * height;
    region = {
      x0: fx,
      y0: fy,
      x1: fx + fraction(filter.attributes.width, 1.2) * width,
      y1: fy + fraction(filter.attributes.height, 1.2) * height,
    };
  }
  return {
    box: inner.box,
    extent: region,
    flat: false,
    draw: (target, outer) => {
      if (!region) return;
      // Past the target's edge, only what a blur can bring back in matters.
      const margin = deviation * 3;
      const layer = createLayer(
        {
          x0: Math.max(region.x0, target.x - margin),
          y0: Math.max(region.y0, target.y - margin),
          x1: Math.min(region.x1, target.x + target.width + margin),
          y1: Math.min(region.y1, target.y + target.height + margin),
        },
        context.pool,
      );
      if (layer.width > 0 && layer.height > 0) {
        inner.draw(layer, 1);
        if (deviation > 0) blurLayer(layer, deviation, context.pool);
        compositeLayer(target, layer, outer * opacity);
      }
      context.pool.give(layer.data);
    },
  };
}

/** The SVG drawn into pixels at its own width and height. */
export function rasteriseSvg(svg: string): Raster {
  const root = parseXml(svg).children.find((node) => node.name === "svg");
  if (!root) throw new SvgRasterError("This is not an SVG document.");
  const viewBox = root.attributes.viewBox
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = Math.round(number(root.attributes.width, viewBox?.[2] ?? 0));
  const height = Math.round(number(root.attributes.height, viewBox?.[3] ?? 0));
  if (!(width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE))
    throw new SvgRasterError(`An SVG is drawn from 1 to ${MAX_SIDE} pixels a side; this one is ${width} × ${height}.`);
  const [vx, vy, vw, vh] =
    viewBox?.length === 4 && viewBox.every(Number.isFinite) && viewBox[2]! > 0 && viewBox[3]! > 0 ? viewBox : [0, 0, width, height];
  const ids = new Map<string, Node>();
  const index = (node: Node) => {
    if (node.attributes.id) ids.set(node.attributes.id, node);
    node.children.forEach(index);
  };
  index(root);
  const context: Context = {
    scaleX: width / vw!,
    scaleY: height / vh!,
    offsetX: (-vx! * width) / vw!,
    offsetY: (-vy! * height) / vh!,
    ids,
    pool: new LayerPool(),
  };
  const canvas = createLayer({ x0: 0, y0: 0, x1: width, y1: height });
  prepare(root, initialStyle, context)?.draw(canvas, 1);
  context.pool.clear();
  // Premultiplied floats to the 8-bit straight alpha a PNG holds.
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = canvas.data[i + 3]!;
    if (alpha <= 0) continue;
    data[i] = Math.round((canvas.data[i]! / alpha) * 255);
    data[i + 1] = Math.round((canvas.data[i + 1]! / alpha) * 255);
    data[i + 2] = Math.round((canvas.data[i + 2]! / alpha) * 255);
    data[i + 3] = Math.round(alpha * 255);
  }
  return { width, height, data };
}

/** The SVG as a PNG of its own width and height. */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  return encodePng(rasteriseSvg(svg));
}
