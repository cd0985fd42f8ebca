export type FakeServer = { url: string; close(): Promise<void> };
/** `models`: the ids it serves (observer first); `maxLogprobs`: vLLM's --max-logprobs; `apiKey`: its --api-key. */
export function startFakeVllm(options?: { port?: number; models?: string[]; maxLogprobs?: number; apiKey?: string }): Promise<FakeServer>;
