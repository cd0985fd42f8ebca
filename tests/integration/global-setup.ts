import type { TestProject } from "vitest/node";
import { startFakeOpenAI } from "../fakes/openai-server.mjs";
import { startFakeStripe } from "../fakes/stripe-server.mjs";
import { startFakeVllm } from "../fakes/vllm-server.mjs";
import { startLocalMailReader } from "../support/local-mail.mjs";

// The fake providers run in Node beside workerd; tests reach them over loopback.
export default async function setup(project: TestProject) {
  const openai = await startFakeOpenAI();
  project.provide("fakeOpenAiUrl", openai.url);
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
    fakeStripeUrl: string;
    fakeVllmUrl: string;
    localMailUrl: string;
  }
}
