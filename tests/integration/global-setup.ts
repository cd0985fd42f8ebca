import type { TestProject } from "vitest/node";
import { makeC2paChain } from "../../scripts/c2pa-dev-chain.mjs";
import { startFakeOpenAI } from "../fakes/openai-server.mjs";
import { providerImageSigner } from "../fakes/provider-credentials.mjs";
import { startFakeStripe } from "../fakes/stripe-server.mjs";
import { startFakeVllm } from "../fakes/vllm-server.mjs";
import { startLocalMailReader } from "../support/local-mail.mjs";

// The fake providers run in Node beside workerd; tests reach them over loopback.
export default async function setup(project: TestProject) {
  // The fake provider signs its images with a chain of its own, as OpenAI embeds Content Credentials.
  const provider = await providerImageSigner();
  const openai = await startFakeOpenAI(0, { imageCredentials: provider.sign });
  project.provide("fakeOpenAiUrl", openai.url);
  project.provide("providerRootCertificate", provider.rootCertificate);
  // The site's C2PA signer for the tests, made as scripts/dev-vars.mjs makes the first local run's.
  const chain = makeC2paChain("ContentForge AI tests");
  project.provide("c2paChain", chain);
  const stripe = await startFakeStripe();
  project.provide("fakeStripeUrl", stripe.url);
  // The language-model scorer's inference server (tests/integration/lm-scorer.test.ts).
  const vllm = await startFakeVllm({ apiKey: "vllm-test-key" });
  project.provide("fakeVllmUrl", vllm.url);
  // Not a fake: it reads the messages miniflare's own send_email binding wrote to disk.
  const mail = await startLocalMailReader();
  project.provide("localMailUrl", mail.url);
  return async () => {
    await openai.close();
    await stripe.close();
    await vllm.close();
    await mail.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAiUrl: string;
    providerRootCertificate: string;
    c2paChain: { signingKey: string; certificateChain: string; rootCertificate: string };
    fakeStripeUrl: string;
    fakeVllmUrl: string;
    localMailUrl: string;
  }
}
