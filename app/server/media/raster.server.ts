// Decoded pixels: 8-bit RGBA, row by row, top to bottom. Every image operation works on this.

export type Raster = { width: number; height: number; data: Uint8ClampedArray };

export function createRaster(width: number, height: number): Raster {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

export function cloneRaster(raster: Raster): Raster {
  return { width: raster.width, height: raster.height, data: new Uint8ClampedArray(raster.data) };
}

/**
 * Receives a decoded image one RGBA row at a time, so a large upload never has to exist as a
 * whole raster (the 4096 × 4096 limit would be 64 MiB, half the Worker's memory).
 */
export type RowSink = { row(y: number, rgba: Uint8Array | Uint8ClampedArray): void };
