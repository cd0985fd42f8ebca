// The detector's TypeScript modules, loaded through Vite's module runner: Node 20 cannot import
// .ts itself, and this way training and evaluation run the very code the Worker runs.
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const load = async (path) => (await runnerImport(fileURLToPath(new URL(`../../${path}`, import.meta.url)))).module;

export const features = await load("app/server/ai/offline/detector-features.ts");
export const model = await load("app/server/ai/offline/detector-model.ts");
export const weightsCodec = await load("app/server/ai/offline/detector-weights.ts");
export const loadAppModule = load;
