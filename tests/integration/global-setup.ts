import type { TestProject } from "vitest/node";
import { startFakeOpenAI } from "../fakes/openai-server.mjs";
import { startFakeStripe } from "../fakes/stripe-server.mjs";

// The fake providers run in Node beside workerd; tests reach them over loopback.
export default async function setup(project: TestProject) {
  const openai = await startFakeOpenAI();
  project.provide("fakeOpenAiUrl", openai.url);
  const stripe = await startFakeStripe();
  project.provide("fakeStripeUrl", stripe.url);
  return async () => {
    await openai.close();
    await stripe.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAiUrl: string;
    fakeStripeUrl: string;
  }
}
