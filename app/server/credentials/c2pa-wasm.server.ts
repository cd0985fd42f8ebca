// c2pa-rs compiled to WebAssembly (@contentauth/c2pa-wasm, decision 062): in the Worker the bundler
// hands over a compiled module; Node-side tests and the bench get the file's bytes.
export { default } from "@contentauth/c2pa-wasm/assets/c2pa_bg.wasm";
