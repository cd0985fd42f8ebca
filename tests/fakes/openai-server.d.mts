export type FakeServer = { url: string; close(): Promise<void> };
export function startFakeOpenAI(port?: number): Promise<FakeServer>;
