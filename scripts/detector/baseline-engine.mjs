// The hand-tuned engine this detector replaced (detect.ts at commit 399f594, before issue 19),
// read from git so the evaluation can print both engines' figures on the same fixtures.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadAppModule } from "./app-modules.mjs";

export const BASELINE_COMMIT = "399f594";

export async function loadBaselineEngine() {
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const source = execFileSync("git", ["-C", root, "show", `${BASELINE_COMMIT}:app/server/ai/offline/detect.ts`], { encoding: "utf8" });
  const directory = `${root}node_modules/.cache/detector-baseline`;
  mkdirSync(directory, { recursive: true });
  const path = `${directory}/detect.ts`;
  // Its neighbours (common words, stock phrases, text statistics) are unchanged since then.
  writeFileSync(
    path,
    source.replace(/from "\.\/([\w-]+)"/g, (_, name) => `from "${root}app/server/detector/${name}.server"`),
  );
  return loadAppModule(`node_modules/.cache/detector-baseline/detect.ts`);
}
