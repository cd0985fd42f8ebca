import { pageMeta } from "~/components/layout/page-meta";
import { AiTransparency } from "~/components/transparency/ai-transparency";

export const meta = () =>
  pageMeta(
    "AI transparency",
    "How ContentForge AI marks what it generates — labels, signed Content Credentials in images and audio, disclosures in text downloads and the API — and how to verify it yourself.",
  );

export default AiTransparency;
