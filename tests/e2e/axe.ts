import AxeBuilder from "@axe-core/playwright";
import type { Page } from "./test";

// The WCAG 2.x A and AA rules and axe's best practices: what the pages are checked against.
const rules = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** axe's violations on the page as it is now, one line each: the rule and the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(rules).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
