// Finds the Chromium the end-to-end tests drive: $CHROME_PATH, else Debian's /usr/bin/chromium.
// Where none is found and apt is usable (as root), installs Debian's package; else says what to do.
// Never downloads a browser build of its own.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

// The flags that keep it quiet on a closed network and working in a container without a GPU:
// the e2e suite and the Lighthouse benchmark launch it with these.
export const quietChromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function findChromium() {
  return candidates.find((path) => path && existsSync(path));
}

function canUseApt() {
  return process.getuid?.() === 0 && spawnSync("apt-get", ["--version"]).status === 0;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (!canUseApt()) {
    console.error(
      "No Chromium found. Install Debian's package (sudo apt-get install -y chromium) " +
        "or set CHROME_PATH to a Chromium or Chrome executable, then run the tests again.",
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the end-to-end tests…");
  const apt = { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } };
  execFileSync("apt-get", ["update", "-qq"], apt);
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"], apt);
  return findChromium();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(`Chromium: ${ensureChromium()}`);
}
