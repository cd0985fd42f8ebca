// What `cloudflare:workers` gives a bundle the benches run in Node: no bindings and no variables,
// so every setting reads as unset and the app runs on its embedded defaults.
export const env = {};
