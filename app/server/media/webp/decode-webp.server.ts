import type { RowSink } from "../raster.server";

// WebP for the offline editor: libwebp's decoder compiled to WebAssembly (@jsquash/webp, decode
// only: ~58 KiB gzip in the Worker), loaded on the first WebP edit and never by anything else.
// libwebp decodes the whole image into its memory and the binding copies it out, so an image
// costs about 8 bytes a pixel (lossy) to 12 (lossless) at its peak: WebPs are read up to
// MAX_WEBP_PIXELS, leaving room in the Worker's 128 MB. Each image gets a fresh instance, whose
// memory (it only ever grows) is dropped with it instead of staying with the isolate.

/** About 2,800 × 2,800: ~100 MB at the peak for a lossless image. */
export const MAX_WEBP_PIXELS = 8_000_000;

type WebpModule = { decode(data: Uint8Array): { data: Uint8ClampedArray; width: number; height: number } | null };
type Factory = (options: Record<string, unknown>) => Promise<WebpModule>;

let compiled: Promise<{ factory: Factory; wasm: WebAssembly.Module }> | undefined;

function load() {
  compiled ??= Promise.all([import("@jsquash/webp/codec/dec/webp_dec.js"), import("./webp-wasm.server")]).then(async ([glue, wasm]) => ({
    factory: glue.default as unknown as Factory,
    wasm: wasm.default instanceof WebAssembly.Module ? wasm.default : await WebAssembly.compile(wasm.default as Uint8Array<ArrayBuffer>),
  }));
  return compiled;
}

export class WebpTooLarge extends Error {}

/** Decodes a still WebP, handing its rows to the sink; throws if it is not one libwebp reads. */
export async function decodeWebpRows(bytes: Uint8Array, pixels: number, sink: RowSink): Promise<{ width: number; height: number }> {
  if (pixels > MAX_WEBP_PIXELS) throw new WebpTooLarge();
  const { factory, wasm } = await load();
  // The binding answers an ImageData, which the Workers runtime does not have.
  (globalThis as { ImageData?: unknown }).ImageData ??= class {
    constructor(
      readonly data: Uint8ClampedArray,
      readonly width: number,
      readonly height: number,
    ) {}
  };
  const module = await factory({
    noInitialRun: true,
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(wasm, imports);
      done(instance);
      return instance.exports;
    },
  });
  const image = module.decode(bytes);
  if (!image) throw new Error("libwebp could not decode the image");
  const stride = image.width * 4;
  for (let y = 0; y < image.height; y++) sink.row(y, image.data.subarray(y * stride, (y + 1) * stride));
  return { width: image.width, height: image.height };
}
