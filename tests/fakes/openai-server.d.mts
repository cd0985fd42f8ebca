export type FakeServer = { url: string; close(): Promise<void> };
export function startFakeOpenAI(port?: number, options?: { imageCredentials?: (png: Buffer) => Promise<Buffer> }): Promise<FakeServer>;
/** A WAV of a quiet tone (24 kHz 16-bit mono), 20 ms per character of input. */
export function wavTone(input: string): Buffer;
/** An MP3 of silence, about 26 ms per character of input. */
export function silentMp3(input: string): Buffer;
/** A PNG of exactly this size. */
export function pngOfSize(width: number, height: number): Buffer;
