// The detector's TypeScript modules, loaded through Vite's module runner with the app's `~` alias
// (vite.config.ts), so training and evaluation run the very code the Worker runs.
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const alias = { "~": fileURLToPath(new URL("../../app", import.meta.url)) };
const load = async (path) => (await runnerImport(fileURLToPath(new URL(`../../${path}`, import.meta.url)), { resolve: { alias } })).module;

export const features = await load("app/server/detector/detector-features.server.ts");
export const model = await load("app/server/detector/detector-model.server.ts");
export const weightsCodec = await load("app/server/detector/detector-weights.server.ts");
export const loadAppModule = load;
export const { LENGTH_BANDS, STRICTNESS_LEVELS, lengthBandOf, strictnessLevels } = await load("app/shared/strictness.ts");
