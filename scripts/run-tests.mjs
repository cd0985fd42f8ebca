#!/usr/bin/env node
// `npm test`: the typecheck, the linter and formatter check, and the four suites, in order, each as
// its own `npm run` script.
//
// Why a runner instead of `a && b && c`: a Vitest run on the Workers Vitest integration can stop
// mid-suite with every test passed and never print again (cloudflare/workers-sdk#15498, filed against
// @cloudflare/vitest-pool-workers 0.22; #15719, against @cloudflare/vitest-plugin 1.1.x and still in its
// code at 1.1.13; both open when read on 2026-11-25, with @cloudflare/vitest-plugin 1.5.0 installed
// here); one such stall used up CI's whole 90-minute budget. Here a stage that prints nothing for
// STALL_MINUTES, or runs past its hard cap, is killed with its whole process group (workerd and
// wrangler included) and run once more, saying so. A second stall, or any failing test, fails
// `npm test`: a stage is never retried because a test failed. Remove the watchdog (keep the caps)
// when both issues are closed by a fix in the @cloudflare/vitest-plugin release package.json pins.
import { spawn, spawnSync } from "node:child_process";

// Every stage runs on Node 24 (docs/decisions/004-node-24-from-the-registry.md): `npm test` starts
// this file with node_modules/.bin first on PATH, where package.json's pinned Node is `node`, and
// each stage's `npm run` (npm itself, wrangler, vitest, playwright and what they start) inherits
// that PATH. Say which Node this is and which one the stages will find, and refuse an older one.
const NODE_MAJOR = 24;
const stagesNode = spawnSync("node", ["-p", "process.version + ' (' + process.execPath + ')'"], { encoding: "utf8" }).stdout.trim();
console.log(`== npm test on node ${process.version} (${process.execPath}); stages find node ${stagesNode}`);
for (const version of [process.version, stagesNode]) {
  if (Number(/^v(\d+)/.exec(version)?.[1]) < NODE_MAJOR) {
    console.error(`== npm test needs Node ${NODE_MAJOR} or later (package.json "engines"; "npm ci" installs it on Linux), not ${version}`);
    process.exit(1);
  }
}

const STALL_MINUTES = Number(process.env.TEST_STALL_MINUTES ?? 8);
const STAGES = [
  { script: "typecheck", capMinutes: 10 },
  { script: "lint", capMinutes: 5 },
  { script: "test:unit", capMinutes: 15 },
  { script: "test:integration", capMinutes: 30 },
  { script: "test:security", capMinutes: 20 },
  { script: "test:e2e", capMinutes: 45 },
];

/** Stops a stage and every process it started (its process group). */
function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // The group already exited.
  }
}

let current = null;
// The stages run in groups of their own, so Ctrl-C (or CI stopping us) must be passed on by hand.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (current) killGroup(current);
    process.exit(130);
  });
}

/** Runs one `npm run` script; resolves to its exit code, or to "stalled" when the watchdog killed it. */
function runStage({ script, capMinutes }) {
  return new Promise((resolve) => {
    // A process group of its own, so the watchdog can stop every process the stage started.
    const child = spawn("npm", ["run", script], { stdio: ["ignore", "pipe", "pipe"], detached: true });
    current = child;
    let stalled = null;
    const kill = (why) => {
      stalled = why;
      killGroup(child);
    };
    const startIdleTimer = () => setTimeout(() => kill(`printed nothing for ${STALL_MINUTES} min`), STALL_MINUTES * 60_000);
    let idle = startIdleTimer();
    const cap = setTimeout(() => kill(`ran past its ${capMinutes} min cap`), capMinutes * 60_000);
    const forward = (stream, out) =>
      stream.on("data", (chunk) => {
        out.write(chunk);
        clearTimeout(idle);
        idle = startIdleTimer();
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on("close", (code, signal) => {
      current = null;
      clearTimeout(idle);
      clearTimeout(cap);
      if (stalled) {
        console.error(`\n== npm run ${script} ${stalled}: stopped it and everything it started.`);
        resolve("stalled");
      } else resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const started = Date.now();
for (const stage of STAGES) {
  const stageStarted = Date.now();
  let result = await runStage(stage);
  if (result === "stalled") {
    console.error(`== running npm run ${stage.script} once more (a stalled harness, not a failing test)\n`);
    result = await runStage(stage);
  }
  const seconds = Math.round((Date.now() - stageStarted) / 1000);
  if (result !== 0) {
    console.error(`\n== npm test: ${stage.script} ${result === "stalled" ? "stalled twice" : `failed (exit ${result})`} after ${seconds}s`);
    process.exit(1);
  }
  console.log(`== ${stage.script} passed in ${seconds}s`);
}
console.log(`== npm test passed in ${Math.round((Date.now() - started) / 1000)}s`);
