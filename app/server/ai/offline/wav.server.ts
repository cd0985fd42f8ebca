// Reading and writing 16-bit PCM WAV files: the offline engine joins mespeak's clips into one,
// and the tests check that what is served really is audio.

export type WavInfo = {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Where the samples start and how many bytes they take. */
  dataOffset: number;
  dataLength: number;
  durationSeconds: number;
};

const ascii = (bytes: Uint8Array, offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));

/** The format and sample data of a RIFF/WAVE file, or null when it is not one. */
export function parseWav(bytes: Uint8Array): WavInfo | null {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WAVE") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Omit<WavInfo, "dataOffset" | "dataLength" | "durationSeconds"> | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt " && size >= 16) {
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data" && format) {
      // Some encoders write a placeholder size: trust the bytes that are actually there.
      const dataLength = Math.min(size, bytes.length - body);
      const bytesPerSecond = format.sampleRate * format.channels * (format.bitsPerSample / 8);
      return { ...format, dataOffset: body, dataLength, durationSeconds: bytesPerSecond ? dataLength / bytesPerSecond : 0 };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** A canonical 44-byte-header WAV around little-endian PCM samples. */
export function encodeWav(
  pcm: Uint8Array,
  { sampleRate, channels, bitsPerSample }: { sampleRate: number; channels: number; bitsPerSample: number },
): Uint8Array {
  const out = new Uint8Array(44 + pcm.length);
  const view = new DataView(out.buffer);
  const write = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index += 1) out[offset + index] = text.charCodeAt(index);
  };
  const blockAlign = channels * (bitsPerSample / 8);
  write(0, "RIFF");
  view.setUint32(4, 36 + pcm.length, true);
  write(8, "WAVE");
  write(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bitsPerSample, true);
  write(36, "data");
  view.setUint32(40, pcm.length, true);
  out.set(pcm, 44);
  return out;
}
