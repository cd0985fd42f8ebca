// Lighthouse with its mobile defaults (simulated throttling) in Debian's chromium, one run per page.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "../e2e/chromium.mjs";

const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export async function runLighthouse(baseUrl, paths) {
  const chrome = await launch({ chromePath: findChromium(), chromeFlags: flags });
  const results = [];
  try {
    for (const path of paths) {
      const { lhr } = await lighthouse(new URL(path, baseUrl).href, { port: chrome.port, output: "json", logLevel: "error" });
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
        .map((audit) => audit.id);
      results.push({
        path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        failingAudits: failing,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
