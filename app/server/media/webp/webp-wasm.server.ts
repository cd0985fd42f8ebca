// libwebp's decoder (@jsquash/webp, from Squoosh) as a WebAssembly module: in the Worker the
// bundler hands over a compiled module; Node-side tests and the bench get the file's bytes.
export { default } from "@jsquash/webp/codec/dec/webp_dec.wasm";
