// jpeg-js's decoder alone: its package entry also bundles the encoder, which the Worker never uses.
declare module "jpeg-js/lib/decoder.js" {
  const decode: typeof import("jpeg-js").decode;
  export default decode;
}
