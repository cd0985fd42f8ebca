import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import webpEncoder from "@jsquash/webp/codec/enc/webp_enc.js";
import { defaultOptions } from "@jsquash/webp/meta.js";

// WebP test images, encoded in Node by libwebp's encoder (the same @jsquash/webp package the Worker
// decodes with; the Worker never loads the encoder).

const wasmPath = createRequire(import.meta.url).resolve("@jsquash/webp/codec/enc/webp_enc.wasm");
let encoder: Promise<{ encode(data: Uint8ClampedArray, width: number, height: number, options: object): Uint8Array | null }> | undefined;

export async function encodeWebp(
  image: { data: Uint8Array | Uint8ClampedArray; width: number; height: number },
  options: { lossless?: boolean; quality?: number } = {},
): Promise<Uint8Array> {
  encoder ??= (async () => {
    const wasm = await WebAssembly.compile(readFileSync(wasmPath));
    return (webpEncoder as unknown as (options: object) => Promise<any>)({
      noInitialRun: true,
      instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
        const instance = new WebAssembly.Instance(wasm, imports);
        done(instance);
        return instance.exports;
      },
    });
  })();
  const module = await encoder;
  const data = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  const result = module.encode(data, image.width, image.height, {
    ...defaultOptions,
    quality: options.quality ?? 90,
    lossless: options.lossless ? 1 : 0,
  });
  if (!result) throw new Error("libwebp could not encode the test image");
  return new Uint8Array(result);
}
