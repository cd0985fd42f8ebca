// App modules (and test helpers) bundled by esbuild as one ES module Node can import, with the
// app's `~` alias: for benchmarks that time the code the Worker runs without serving the Worker.
// Vite's module runner would do for plain modules, but it closes after importing, which breaks a
// module's own lazy imports (pdf.js in document extraction).
import { build } from "esbuild";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

/** Imports a bundle of `exportLines` (export statements with paths from the repository's root); `options` adds esbuild options. */
export async function importBundled(name, exportLines, options = {}) {
  // Inside the repository, so the bundle resolves node_modules.
  mkdirSync(join(root, ".wrangler"), { recursive: true });
  const dir = mkdtempSync(join(root, ".wrangler", `bench-${name}-`));
  const outfile = join(dir, `${name}.mjs`);
  try {
    await build({
      stdin: { contents: exportLines.join("\n"), resolveDir: root, loader: "ts" },
      bundle: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      target: "node24",
      external: ["node:*"],
      // The Worker's own environment is not here: settings read as unset (no language-model scorer).
      alias: { "~": join(root, "app"), "cloudflare:workers": join(root, "tests/bench/no-worker-env.mjs") },
      outfile,
      logLevel: "error",
      ...options,
    });
    return await import(outfile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
