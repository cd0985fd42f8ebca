// Starts the production build on local workerd for a benchmark: its own build folder, local state
// and port, optional --var overrides. Resolves once /healthz answers.
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { makeC2paChain } from "../../scripts/c2pa-dev-chain.mjs";
import { startFakeOpenAI } from "../fakes/openai-server.mjs";
import { providerImageSigner } from "../fakes/provider-credentials.mjs";

const root = new URL("../..", import.meta.url).pathname;
const quiet = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_ERROR_REPORTS: "false" };

// The production build, into its own folder (a build empties its whole build directory). Its
// error output is kept for the failure's message.
export function buildOnce(buildDir) {
  execFileSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...quiet, BUILD_DIR: buildDir },
  });
}

export async function startServer({ buildDir, port, vars = {}, state, captureLogs = false }) {
  const persist = `.wrangler/${state}`;
  rmSync(new URL(`../../${persist}`, import.meta.url), { recursive: true, force: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", persist], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, ...quiet },
  });
  // An inspector port of its own: two servers starting at once both took the default one.
  const args = [
    "wrangler",
    "dev",
    "-c",
    `${buildDir}/server/wrangler.json`,
    "--port",
    String(port),
    "--inspector-port",
    String(port + 10000),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    persist,
  ];
  if (!captureLogs) args.push("--log-level", "error");
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child = spawn("npx", args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...quiet }, detached: true });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  // The server runs in its own process group, so it outlives a benchmark that crashes before its
  // `finally` and would hold the port against the next run; stopping it on exit covers that too.
  const stop = () => {
    process.off("exit", stop);
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {} // the whole group has already gone
  };
  process.on("exit", stop);
  child.on("exit", () => (exited = true));
  for (let attempt = 0; attempt < 120 && !exited; attempt += 1) {
    try {
      // `group`: the server's process group (wrangler and its workerd), for a bench that reads their memory.
      if ((await fetch(`${url}/healthz`)).ok) return { url, persist, group: child.pid, logs: () => stdout + stderr, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`The server on port ${port} did not start:\n${stderr}`);
}

/** A C2PA signer for a bench server, so generated media are signed as in production (--var values). */
export function c2paVars() {
  const chain = makeC2paChain("ContentForge AI bench");
  return { C2PA_SIGNING_KEY: chain.signingKey, C2PA_CERTIFICATE_CHAIN: chain.certificateChain };
}

/**
 * The build on the OpenAI engine against a fresh fake OpenAI, with no demo limit; stop() ends both.
 * The fake's images carry a provider's Content Credentials and the server signs what it stores.
 */
export async function startServerWithFakeOpenAI({ buildDir, port, state }) {
  const fake = await startFakeOpenAI(0, { imageCredentials: (await providerImageSigner()).sign });
  const server = await startServer({
    buildDir,
    port,
    state,
    vars: {
      OPENAI_API_KEY: "sk-bench-000000000000",
      OPENAI_BASE_URL: `${fake.url}/v1`,
      DEMO_LIMIT_PER_MINUTE: "0",
      DEMO_LIMIT_PER_DAY: "0",
      ...c2paVars(),
    },
  }).catch(async (error) => {
    await fake.close();
    throw error;
  });
  return {
    fake,
    server,
    async stop() {
      server.stop();
      await fake.close().catch(() => {});
    },
  };
}
