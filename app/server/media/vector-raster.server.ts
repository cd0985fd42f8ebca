// Filling and stroking polygons into pixels, with anti-aliasing: the drawing half of
// svg-raster.server.ts. Colours are premultiplied RGBA floats from 0 to 1 while drawing, so layers
// blend and blur without 8-bit rounding piling up; the result becomes an 8-bit Raster once.

/** A rectangle of pixels with premultiplied RGBA; x and y place it on the canvas. */
export type Layer = { x: number; y: number; width: number; height: number; data: Float32Array };
/** Points as [x0, y0, x1, y1, …]; a polygon is closed back to its first point. */
export type Polygon = number[];
export type Box = { x0: number; y0: number; x1: number; y1: number };
/** Premultiplied colour of the paint at a pixel's centre. */
export type Paint = { solid: Rgba } | { at: (x: number, y: number, out: Rgba) => void };
export type Rgba = [r: number, g: number, b: number, a: number];

/** Samples per pixel row: coverage is exact across a row and counted in this many steps down it. */
const ROW_SAMPLES = 5;

export function createLayer(box: Box, pool?: LayerPool): Layer {
  const x = Math.floor(box.x0);
  const y = Math.floor(box.y0);
  const width = Math.max(0, Math.ceil(box.x1) - x);
  const height = Math.max(0, Math.ceil(box.y1) - y);
  return { x, y, width, height, data: pool ? pool.take(width * height * 4) : new Float32Array(width * height * 4) };
}

/**
 * Memory for layers, handed back after use: a picture blurs many shapes one after another, and a
 * new array for each left tens of MiB for the collector at once.
 */
export class LayerPool {
  #free: Float32Array[] = [];
  take(length: number): Float32Array {
    const index = this.#free.findIndex((buffer) => buffer.length >= length);
    // None is large enough: the smaller ones go to the collector rather than adding up.
    if (index < 0) this.#free = [];
    const buffer = index >= 0 ? this.#free.splice(index, 1)[0]! : new Float32Array(length);
    const data = buffer.subarray(0, length);
    data.fill(0);
    return data;
  }
  give(data: Float32Array): void {
    this.#free.push(new Float32Array(data.buffer));
  }
  clear(): void {
    this.#free = [];
  }
}

export function boxOf(polygons: Polygon[]): Box | undefined {
  let box: Box | undefined;
  for (const polygon of polygons)
    for (let i = 0; i < polygon.length; i += 2) {
      const x = polygon[i]!;
      const y = polygon[i + 1]!;
      if (!box) box = { x0: x, y0: y, x1: x, y1: y };
      else {
        box.x0 = Math.min(box.x0, x);
        box.y0 = Math.min(box.y0, y);
        box.x1 = Math.max(box.x1, x);
        box.y1 = Math.max(box.y1, y);
      }
    }
  return box;
}

export const unionBox = (a: Box | undefined, b: Box | undefined): Box | undefined =>
  !a ? b : !b ? a : { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };

/**
 * Fills polygons by the nonzero rule into the layer, `opacity` times the paint. Each pixel's
 * coverage is the exact covered length of each of ROW_SAMPLES horizontal lines through it, so
 * edges are smooth in both directions.
 */
export function fillPolygons(layer: Layer, polygons: Polygon[], paint: Paint, opacity = 1): void {
  type Edge = { top: number; bottom: number; x: number; slope: number; winding: number };
  const edges: Edge[] = [];
  for (const polygon of polygons) {
    const count = polygon.length / 2;
    for (let i = 0; i < count; i++) {
      const j = (i + 1) % count;
      const [xa, ya, xb, yb] = [polygon[i * 2]!, polygon[i * 2 + 1]!, polygon[j * 2]!, polygon[j * 2 + 1]!];
      if (ya === yb || !Number.isFinite(xa + ya + xb + yb)) continue;
      const down = yb > ya;
      const [x0, y0, x1, y1] = down ? [xa, ya, xb, yb] : [xb, yb, xa, ya];
      edges.push({ top: y0, bottom: y1, x: x0, slope: (x1 - x0) / (y1 - y0), winding: down ? 1 : -1 });
    }
  }
  if (edges.length === 0 || opacity <= 0) return;
  edges.sort((a, b) => a.top - b.top);
  const box = boxOf(polygons)!;
  const rowStart = Math.max(layer.y, Math.floor(box.y0));
  const rowEnd = Math.min(layer.y + layer.height, Math.ceil(box.y1));
  const left = layer.x;
  const width = layer.width;
  // Coverage per pixel as differences: a span adds at its two ends, a running sum reads them.
  const deltas = new Float32Array(width + 2);
  const colour: Rgba = "solid" in paint ? paint.solid : [0, 0, 0, 0];
  const crossings: number[] = [];
  let active: Edge[] = [];
  let next = 0;
  const weight = 1 / ROW_SAMPLES;
  const addAt = (x: number, amount: number) => {
    const clamped = Math.min(Math.max(x - left, 0), width);
    const cell = Math.floor(clamped);
    const fraction = clamped - cell;
    deltas[cell] = deltas[cell]! + amount * (1 - fraction);
    deltas[cell + 1] = deltas[cell + 1]! + amount * fraction;
  };
  for (let row = rowStart; row < rowEnd; row++) {
    let spanMin = width;
    let spanMax = -1;
    for (let sample = 0; sample < ROW_SAMPLES; sample++) {
      const y = row + (sample + 0.5) * weight;
      while (next < edges.length && edges[next]!.top <= y) active.push(edges[next++]!);
      active = active.filter((edge) => edge.bottom > y);
      crossings.length = 0;
      for (const edge of active) if (edge.top <= y) crossings.push(edge.x + (y - edge.top) * edge.slope, edge.winding);
      // Sort the (x, winding) pairs by x: a handful per line, so insertion sort.
      for (let i = 2; i < crossings.length; i += 2) {
        const x = crossings[i]!;
        const w = crossings[i + 1]!;
        let j = i - 2;
        while (j >= 0 && crossings[j]! > x) {
          crossings[j + 2] = crossings[j]!;
          crossings[j + 3] = crossings[j + 1]!;
          j -= 2;
        }
        crossings[j + 2] = x;
        crossings[j + 3] = w;
      }
      let winding = 0;
      let spanStart = 0;
      for (let i = 0; i < crossings.length; i += 2) {
        const before = winding;
        winding += crossings[i + 1]!;
        if (before === 0 && winding !== 0) spanStart = crossings[i]!;
        else if (before !== 0 && winding === 0) {
          const spanEnd = crossings[i]!;
          if (spanEnd <= left || spanStart >= left + width) continue;
          addAt(spanStart, weight);
          addAt(spanEnd, -weight);
          spanMin = Math.min(spanMin, Math.floor(Math.max(spanStart - left, 0)));
          spanMax = Math.max(spanMax, Math.min(Math.ceil(spanEnd - left), width - 1));
        }
      }
    }
    if (spanMax < spanMin) continue;
    let coverage = 0;
    const offset = (row - layer.y) * width;
    const data = layer.data;
    for (let x = spanMin; x <= spanMax + 1 && x < width; x++) {
      coverage += deltas[x]!;
      deltas[x] = 0;
      const amount = Math.min(coverage, 1) * opacity;
      if (amount <= 1 / 1024) continue;
      if ("at" in paint) paint.at(left + x + 0.5, row + 0.5, colour);
      const alpha = colour[3] * amount;
      const keep = 1 - alpha;
      const at = (offset + x) * 4;
      data[at] = colour[0] * amount + data[at]! * keep;
      data[at + 1] = colour[1] * amount + data[at + 1]! * keep;
      data[at + 2] = colour[2] * amount + data[at + 2]! * keep;
      data[at + 3] = alpha + data[at + 3]! * keep;
    }
    deltas.fill(0, spanMin, Math.min(spanMax + 3, width + 2));
  }
}

/** A full turn as a polygon, fine enough that no chord strays a tenth of a pixel from the curve. */
export function ellipsePolygon(cx: number, cy: number, rx: number, ry: number): Polygon {
  const radius = Math.max(rx, ry);
  const steps = Math.min(720, Math.max(8, Math.ceil(Math.PI / Math.acos(Math.max(0, 1 - 0.1 / Math.max(radius, 0.1))))));
  const points: Polygon = [];
  for (let i = 0; i < steps; i++) {
    const angle = (i / steps) * Math.PI * 2;
    points.push(cx + Math.cos(angle) * rx, cy + Math.sin(angle) * ry);
  }
  return points;
}

const signedArea = (polygon: Polygon) => {
  let area = 0;
  for (let i = 0; i < polygon.length; i += 2) {
    const j = (i + 2) % polygon.length;
    area += polygon[i]! * polygon[j + 1]! - polygon[j]! * polygon[i + 1]!;
  }
  return area;
};

/** The same turning direction for every piece, so the nonzero rule unites overlapping pieces. */
function clockwise(polygon: Polygon): Polygon {
  if (signedArea(polygon) >= 0) return polygon;
  const reversed: Polygon = [];
  for (let i = polygon.length - 2; i >= 0; i -= 2) reversed.push(polygon[i]!, polygon[i + 1]!);
  return reversed;
}

export type StrokeStyle = { width: number; cap: "butt" | "round" | "square"; join: "miter" | "round" | "bevel"; miterLimit: number };

/**
 * The outline of a stroke as pieces to fill together: a quadrilateral per segment, and joins and
 * caps as their own pieces. All turn the same way, so filled by the nonzero rule they are one shape.
 */
export function strokePolygons(lines: { points: Polygon; closed: boolean }[], style: StrokeStyle): Polygon[] {
  const half = style.width / 2;
  const pieces: Polygon[] = [];
  if (!(half > 0)) return pieces;
  for (const line of lines) {
    const p: number[] = [];
    for (let i = 0; i < line.points.length; i += 2) {
      const [x, y] = [line.points[i]!, line.points[i + 1]!];
      if (p.length === 0 || Math.hypot(x - p[p.length - 2]!, y - p[p.length - 1]!) > 1e-6) p.push(x, y);
    }
    if (line.closed && p.length > 4 && Math.hypot(p[0]! - p[p.length - 2]!, p[1]! - p[p.length - 1]!) <= 1e-6) p.length -= 2;
    const count = p.length / 2;
    if (count === 1) {
      if (style.cap === "round") pieces.push(clockwise(ellipsePolygon(p[0]!, p[1]!, half, half)));
      else if (style.cap === "square")
        pieces.push([p[0]! - half, p[1]! - half, p[0]! + half, p[1]! - half, p[0]! + half, p[1]! + half, p[0]! - half, p[1]! + half]);
      continue;
    }
    const segments = line.closed && count > 2 ? count : count - 1;
    const normal = (i: number) => {
      const j = (i + 1) % count;
      const dx = p[j * 2]! - p[i * 2]!;
      const dy = p[j * 2 + 1]! - p[i * 2 + 1]!;
      const length = Math.hypot(dx, dy);
      return [(-dy / length) * half, (dx / length) * half, dx / length, dy / length] as const;
    };
    for (let i = 0; i < segments; i++) {
      const j = (i + 1) % count;
      const [nx, ny] = normal(i);
      const [ax, ay, bx, by] = [p[i * 2]!, p[i * 2 + 1]!, p[j * 2]!, p[j * 2 + 1]!];
      pieces.push(clockwise([ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny, ax - nx, ay - ny]));
    }
    // Joins where two segments meet.
    for (let k = line.closed && count > 2 ? 0 : 1; k < (line.closed && count > 2 ? count : count - 1); k++) {
      const previous = (k - 1 + count) % count;
      const [vx, vy] = [p[k * 2]!, p[k * 2 + 1]!];
      if (style.join === "round") {
        pieces.push(clockwise(ellipsePolygon(vx, vy, half, half)));
        continue;
      }
      const [n1x, n1y, d1x, d1y] = normal(previous);
      const [n2x, n2y, d2x, d2y] = normal(k);
      const turn = d1x * d2y - d1y * d2x;
      if (Math.abs(turn) < 1e-9) continue;
      // The outer side of the corner is opposite the turn.
      const side = turn > 0 ? -1 : 1;
      const a = [vx + n1x * side, vy + n1y * side];
      const b = [vx + n2x * side, vy + n2y * side];
      const cosine = d1x * d2x + d1y * d2y;
      const miterRatio = 1 / Math.sqrt(Math.max((1 + cosine) / 2, 1e-12));
      if (style.join === "miter" && miterRatio <= style.miterLimit) {
        const mx = (n1x + n2x) * side;
        const my = (n1y + n2y) * side;
        const scale = (miterRatio * half) / Math.hypot(mx, my);
        pieces.push(clockwise([vx, vy, a[0]!, a[1]!, vx + mx * scale, vy + my * scale, b[0]!, b[1]!]));
      } else pieces.push(clockwise([vx, vy, a[0]!, a[1]!, b[0]!, b[1]!]));
    }
    if (line.closed && count > 2) continue;
    for (const [index, towards] of [
      [0, 1],
      [count - 1, count - 2],
    ] as const) {
      const [x, y] = [p[index * 2]!, p[index * 2 + 1]!];
      if (style.cap === "round") pieces.push(clockwise(ellipsePolygon(x, y, half, half)));
      else if (style.cap === "square") {
        const dx = x - p[towards * 2]!;
        const dy = y - p[towards * 2 + 1]!;
        const length = Math.hypot(dx, dy);
        const [ux, uy] = [(dx / length) * half, (dy / length) * half];
        pieces.push(clockwise([x - uy, y + ux, x - uy + ux, y + ux + uy, x + uy + ux, y - ux + uy, x + uy, y - ux]));
      }
    }
  }
  return pieces;
}

/**
 * feGaussianBlur as the SVG specification allows it to be done: three box blurs each way, of the
 * width it gives for the standard deviation (within a few percent of a true Gaussian).
 */
export function blurLayer(layer: Layer, deviation: number, pool: LayerPool): void {
  // A wide blur leaves no detail a pixel wide: blurred at half the size and scaled back up, it
  // looks the same and costs a quarter.
  if (deviation >= 6 && layer.width >= 4 && layer.height >= 4) {
    const half = halve(layer, pool);
    blurLayer(half, deviation / 2, pool);
    doubleInto(layer, half);
    pool.give(half.data);
    return;
  }
  const size = Math.floor((deviation * 3 * Math.sqrt(2 * Math.PI)) / 4 + 0.5);
  if (size < 2) return;
  // Odd: three centred boxes; even: two shifted half a pixel either way and one a pixel wider.
  const passes: [before: number, after: number][] =
    size % 2 === 1
      ? [0, 1, 2].map(() => [(size - 1) / 2, (size - 1) / 2])
      : [
          [size / 2, size / 2 - 1],
          [size / 2 - 1, size / 2],
          [size / 2, size / 2],
        ];
  const { width, height, data } = layer;
  const stride = width * 4;
  // Rows: a running sum along each row, the four channels side by side.
  const line = new Float32Array(stride);
  for (const [before, after] of passes) {
    const scale = 1 / (before + after + 1);
    for (let y = 0; y < height; y++) {
      const base = y * stride;
      line.set(data.subarray(base, base + stride));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let x = 0; x < Math.min(after, width); x++) {
        r += line[x * 4]!;
        g += line[x * 4 + 1]!;
        b += line[x * 4 + 2]!;
        a += line[x * 4 + 3]!;
      }
      for (let x = 0; x < width; x++) {
        const add = (x + after) * 4;
        if (x + after < width) {
          r += line[add]!;
          g += line[add + 1]!;
          b += line[add + 2]!;
          a += line[add + 3]!;
        }
        const remove = (x - before - 1) * 4;
        if (remove >= 0) {
          r -= line[remove]!;
          g -= line[remove + 1]!;
          b -= line[remove + 2]!;
          a -= line[remove + 3]!;
        }
        const at = base + x * 4;
        data[at] = r * scale;
        data[at + 1] = g * scale;
        data[at + 2] = b * scale;
        data[at + 3] = a * scale;
      }
    }
  }
  // Columns: a running sum per column, row by row, so memory is read in order. A row is needed
  // again after it has been overwritten (to leave the sum), so the last few are kept aside.
  const sums = new Float32Array(stride);
  for (const [before, after] of passes) {
    const scale = 1 / (before + after + 1);
    const kept = new Float32Array((before + 1) * stride);
    sums.fill(0);
    for (let y = 0; y < Math.min(after, height); y++)
      for (let i = 0, base = y * stride; i < stride; i++) sums[i] = sums[i]! + data[base + i]!;
    for (let y = 0; y < height; y++) {
      const base = y * stride;
      const add = y + after < height ? (y + after) * stride : -1;
      // Rows past the layer's edges are transparent.
      const remove = y - before - 1 >= 0 ? ((y - before - 1) % (before + 1)) * stride : -1;
      const keep = (y % (before + 1)) * stride;
      for (let i = 0; i < stride; i++) {
        const sum = sums[i]! + (add < 0 ? 0 : data[add + i]!) - (remove < 0 ? 0 : kept[remove + i]!);
        sums[i] = sum;
        kept[keep + i] = data[base + i]!;
        data[base + i] = sum * scale;
      }
    }
  }
}

/** Each 2 × 2 block's average (past an odd edge, transparent). */
function halve(layer: Layer, pool: LayerPool): Layer {
  const width = Math.ceil(layer.width / 2);
  const height = Math.ceil(layer.height / 2);
  const data = pool.take(width * height * 4);
  for (let y = 0; y < layer.height; y++)
    for (let x = 0; x < layer.width; x++) {
      const from = (y * layer.width + x) * 4;
      const to = ((y >> 1) * width + (x >> 1)) * 4;
      for (let channel = 0; channel < 4; channel++) data[to + channel] = data[to + channel]! + layer.data[from + channel]! / 4;
    }
  return { x: layer.x, y: layer.y, width, height, data };
}

/** The half-size layer stretched back over the full one, interpolated between its pixel centres. */
function doubleInto(layer: Layer, half: Layer): void {
  for (let y = 0; y < layer.height; y++) {
    const sy = Math.min(Math.max((y + 0.5) / 2 - 0.5, 0), half.height - 1);
    const y0 = Math.floor(sy);
    const y1 = Math.min(y0 + 1, half.height - 1);
    const fy = sy - y0;
    for (let x = 0; x < layer.width; x++) {
      const sx = Math.min(Math.max((x + 0.5) / 2 - 0.5, 0), half.width - 1);
      const x0 = Math.floor(sx);
      const x1 = Math.min(x0 + 1, half.width - 1);
      const fx = sx - x0;
      const [a, b, c, d] = [(y0 * half.width + x0) * 4, (y0 * half.width + x1) * 4, (y1 * half.width + x0) * 4, (y1 * half.width + x1) * 4];
      const to = (y * layer.width + x) * 4;
      for (let channel = 0; channel < 4; channel++) {
        const top = half.data[a + channel]! + (half.data[b + channel]! - half.data[a + channel]!) * fx;
        const bottom = half.data[c + channel]! + (half.data[d + channel]! - half.data[c + channel]!) * fx;
        layer.data[to + channel] = top + (bottom - top) * fy;
      }
    }
  }
}

/** Draws `source` over `target` where they overlap, `opacity` times. */
export function compositeLayer(target: Layer, source: Layer, opacity: number): void {
  const x0 = Math.max(target.x, source.x);
  const y0 = Math.max(target.y, source.y);
  const x1 = Math.min(target.x + target.width, source.x + source.width);
  const y1 = Math.min(target.y + target.height, source.y + source.height);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const from = ((y - source.y) * source.width + (x - source.x)) * 4;
      const alpha = source.data[from + 3]! * opacity;
      if (alpha <= 0) continue;
      const to = ((y - target.y) * target.width + (x - target.x)) * 4;
      const keep = 1 - alpha;
      for (let channel = 0; channel < 3; channel++)
        target.data[to + channel] = source.data[from + channel]! * opacity + target.data[to + channel]! * keep;
      target.data[to + 3] = alpha + target.data[to + 3]! * keep;
    }
  }
}
