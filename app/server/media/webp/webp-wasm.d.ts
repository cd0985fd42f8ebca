declare module "@jsquash/webp/codec/dec/webp_dec.wasm" {
  const wasm: WebAssembly.Module | Uint8Array;
  export default wasm;
}
