import type { BrushStroke } from "~/forms/image-edit-form";
import { encodeTwoColourPng } from "./png.server";

// The painted area as pixels. The browser sends brush strokes (points in 0–1 of the image, a
// diameter in 0–1 of its width); the Worker draws them at whatever pixel size it needs: the
// original's size for a provider's mask, the output's for the offline editor.

/** Coverage 0–1 per pixel: 1 inside the painted area, fading to 0 across a soft edge. */
export type Coverage = { width: number; height: number; data: Float32Array };

/** Where the image (0–1 coordinates) lies in the pixel grid being drawn. */
export type MaskFrame = { left: number; top: number; width: number; height: number };

export function drawMask(strokes: BrushStroke[], width: number, height: number, frame?: MaskFrame): Coverage {
  const place = frame ?? { left: 0, top: 0, width, height };
  const coverage = new Float32Array(width * height);
  for (const stroke of strokes) {
    const radius = Math.max(0.5, (stroke.size * place.width) / 2);
    // A soft edge a quarter of the brush wide (at least a pixel and a half) blends the change in.
    const feather = Math.max(1.5, radius / 4);
    const points = stroke.points.map(([x, y]) => [place.left + x * place.width, place.top + y * place.height] as const);
    for (let i = 0; i < points.length; i++) {
      const [ax, ay] = points[i]!;
      const [bx, by] = points[Math.min(i + 1, points.length - 1)]!;
      const reach = radius + feather / 2;
      const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - reach));
      const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + reach));
      const y0 = Math.max(0, Math.floor(Math.min(ay, by) - reach));
      const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + reach));
      const dx = bx - ax;
      const dy = by - ay;
      const lengthSquared = dx * dx + dy * dy;
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const px = x + 0.5;
          const py = y + 0.5;
          const t = lengthSquared ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared)) : 0;
          const distance = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
          const value = Math.max(0, Math.min(1, (radius - distance) / feather + 0.5));
          if (value <= 0) continue;
          const index = y * width + x;
          coverage[index] = stroke.erase ? Math.min(coverage[index]!, 1 - value) : Math.max(coverage[index]!, value);
        }
      }
    }
  }
  return { width, height, data: coverage };
}

export function isEmptyMask(mask: Coverage): boolean {
  return !mask.data.some((value) => value > 0);
}

/**
 * The mask an image-edit API takes: a PNG of the image's size whose transparent pixels mark the
 * area to change and whose opaque pixels are kept.
 */
export function providerMaskPng(mask: Coverage): Promise<Uint8Array> {
  return encodeTwoColourPng(
    mask.width,
    mask.height,
    [
      [0, 255],
      [0, 0],
    ],
    (x, y) => mask.data[y * mask.width + x]! >= 0.5,
  );
}
