import { initSync, WasmBuilder, WasmReader } from "@contentauth/c2pa-wasm";

// c2pa-rs as WebAssembly (decision 062), started once per isolate on the first signing or
// reading (initSync of the bundled module). Its API as @contentauth/c2pa-wasm 0.13.3's
// pkg/c2pa.d.ts gives it, read 2026-11-29: WasmBuilder.fromJson, addIngredientFromBlob and sign,
// WasmReader.fromBytes. The builder reads its source asset and ingredients through
// `FileReaderSync`, which only browser Web Workers have: a Blob that keeps its bytes and a
// FileReaderSync that reads such Blobs stand in for them in workerd and Node.

/** A Blob whose bytes stay at hand, so they can be read synchronously (slices too). */
export class BytesBlob extends Blob {
  readonly held: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array) {
    const own = new Uint8Array(bytes);
    super([own]);
    this.held = own;
  }
  override slice(start?: number, end?: number): BytesBlob {
    return new BytesBlob(this.held.subarray(start, end));
  }
}

// Read by shape, not by class: a second bundle of this module in one process (the tests' fake
// provider beside a bench) installs its own reader first, and must read this module's Blobs too.
class BytesBlobReader {
  readAsArrayBuffer(blob: Blob): ArrayBuffer {
    const held = (blob as Partial<BytesBlob>).held;
    if (!(held instanceof Uint8Array)) throw new TypeError("Only a BytesBlob can be read synchronously here");
    return held.slice().buffer;
  }
}

let started: Promise<{ WasmBuilder: typeof WasmBuilder; WasmReader: typeof WasmReader }> | undefined;

/** The c2pa-rs classes, the module started on the first call. */
export function c2pa() {
  started ??= import("./c2pa-wasm.server").then(async ({ default: wasm }) => {
    const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>);
    (globalThis as { FileReaderSync?: unknown }).FileReaderSync ??= BytesBlobReader;
    initSync({ module });
    return { WasmBuilder, WasmReader };
  });
  return started;
}
