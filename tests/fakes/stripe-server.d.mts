export type FakeServer = { url: string; close(): Promise<void> };
export function startFakeStripe(port?: number): Promise<FakeServer>;
export function parseStripeForm(text: string): Record<string, unknown>;
