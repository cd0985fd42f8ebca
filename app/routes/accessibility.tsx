import { pageMeta } from "~/components/layout/page-meta";
import { AccessibilityStatement } from "~/components/transparency/accessibility-statement";

export const meta = () =>
  pageMeta(
    "Accessibility statement",
    "ContentForge AI's accessibility statement: the standard it meets (WCAG 2.1 AA, European Accessibility Act), how it is tested, what is not yet right and how to report a barrier.",
  );

export default AccessibilityStatement;
