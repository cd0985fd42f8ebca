declare module "@contentauth/c2pa-wasm/assets/c2pa_bg.wasm" {
  const wasm: WebAssembly.Module | Uint8Array;
  export default wasm;
}
