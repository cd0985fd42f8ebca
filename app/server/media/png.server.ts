import { concatBytes } from "./concat-bytes.server";
import type { Raster, RowSink } from "./raster.server";

// A small PNG codec over the runtime's own zlib (CompressionStream / DecompressionStream, in
// workerd and Node alike), so reading and writing PNG adds no WebAssembly to the Worker. Decoding
// streams rows to a sink: only two scanlines are held at a time. Encoding writes IHDR, IDAT and
// IEND only, so no metadata survives.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export class PngError extends Error {}

type Header = { width: number; height: number; bitDepth: number; colorType: number; interlace: number };

const channelsOf: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function readUint32(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
}

type Chunk = { type: string; data: Uint8Array };

export function* pngChunks(bytes: Uint8Array): Generator<Chunk> {
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = readUint32(bytes, offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (offset + 12 + length > bytes.length) throw new PngError("The PNG file is cut short.");
    yield { type, data: bytes.subarray(offset + 8, offset + 8 + length) };
    offset += 12 + length;
    if (type === "IEND") return;
  }
  throw new PngError("The PNG file is cut short.");
}

function parseHeader(data: Uint8Array): Header {
  return {
    width: readUint32(data, 0),
    height: readUint32(data, 4),
    bitDepth: data[8]!,
    colorType: data[9]!,
    interlace: data[12]!,
  };
}

/** Decodes a PNG (any standard colour type and depth, not interlaced) into rows of RGBA. */
export async function decodePng(bytes: Uint8Array, sink: RowSink): Promise<{ width: number; height: number }> {
  if (!SIGNATURE.every((byte, index) => bytes[index] === byte)) throw new PngError("This is not a PNG file.");
  let header: Header | undefined;
  let palette: Uint8Array | undefined;
  let transparency: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  for (const chunk of pngChunks(bytes)) {
    if (chunk.type === "IHDR") header = parseHeader(chunk.data);
    else if (chunk.type === "PLTE") palette = chunk.data;
    else if (chunk.type === "tRNS") transparency = chunk.data;
    else if (chunk.type === "IDAT") idat.push(chunk.data);
  }
  if (!header || idat.length === 0) throw new PngError("The PNG file has no image data.");
  const { width, height, bitDepth, colorType, interlace } = header;
  const channels = channelsOf[colorType];
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth)) throw new PngError("The PNG file uses an unknown colour format.");
  if (interlace !== 0) throw new PngError("Interlaced PNG files are not supported: save it without interlacing.");
  if (colorType === 3 && !palette) throw new PngError("The PNG file's palette is missing.");

  const bitsPerPixel = channels * bitDepth;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const bytesPerPixel = Math.max(1, bitsPerPixel >> 3);
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  const rgba = new Uint8Array(width * 4);
  let filled = -1; // -1: the next byte is the row's filter type
  let filter = 0;
  let y = 0;

  const toRgba = () => {
    for (let x = 0; x < width; x++) {
      const sample = (channel: number): number => {
        if (bitDepth === 8) return current[x * channels + channel]!;
        if (bitDepth === 16) return current[(x * channels + channel) * 2]!;
        const bit = (x * channels + channel) * bitDepth;
        const value = (current[bit >> 3]! >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1);
        return colorType === 3 ? value : Math.round((value * 255) / ((1 << bitDepth) - 1));
      };
      const out = x * 4;
      if (colorType === 3) {
        const index = sample(0);
        rgba[out] = palette![index * 3] ?? 0;
        rgba[out + 1] = palette![index * 3 + 1] ?? 0;
        rgba[out + 2] = palette![index * 3 + 2] ?? 0;
        rgba[out + 3] = transparency?.[index] ?? 255;
      } else if (colorType === 0 || colorType === 4) {
        const gray = sample(0);
        rgba[out] = rgba[out + 1] = rgba[out + 2] = gray;
        rgba[out + 3] = colorType === 4 ? sample(1) : 255;
      } else {
        rgba[out] = sample(0);
        rgba[out + 1] = sample(1);
        rgba[out + 2] = sample(2);
        rgba[out + 3] = colorType === 6 ? sample(3) : 255;
      }
    }
  };

  const unfilter = () => {
    for (let i = 0; i < stride; i++) {
      const left = i >= bytesPerPixel ? current[i - bytesPerPixel]! : 0;
      const up = previous[i]!;
      const upLeft = i >= bytesPerPixel ? previous[i - bytesPerPixel]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      } else if (filter !== 0) throw new PngError("The PNG file is corrupt (unknown row filter).");
      current[i] = (current[i]! + predictor) & 0xff;
    }
  };

  const inflated = new Blob(idat as BlobPart[]).stream().pipeThrough(new DecompressionStream("deflate"));
  const reader = inflated.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let i = 0; i < value.length && y < height;) {
        if (filled === -1) {
          filter = value[i++]!;
          filled = 0;
          continue;
        }
        const take = Math.min(stride - filled, value.length - i);
        current.set(value.subarray(i, i + take), filled);
        filled += take;
        i += take;
        if (filled === stride) {
          unfilter();
          toRgba();
          sink.row(y++, rgba);
          [previous, current] = [current, previous];
          filled = -1;
        }
      }
      if (y >= height) {
        await reader.cancel();
        break;
      }
    }
  } catch (error) {
    if (error instanceof PngError) throw error;
    throw new PngError("The PNG file is corrupt: its image data cannot be read.");
  }
  if (y < height) throw new PngError("The PNG file is cut short: some rows are missing.");
  return { width, height };
}

const crcTable = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data and the CRC of type and data. */
export function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes RGBA as an 8-bit RGBA PNG (filter 'up' on every row: small and fast). */
export async function encodePng(raster: Raster): Promise<Uint8Array> {
  const { width, height, data } = raster;
  const stride = width * 4;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    filtered[row] = 2;
    const start = y * stride;
    for (let i = 0; i < stride; i++) {
      filtered[row + 1 + i] = (data[start + i]! - (y > 0 ? data[start - stride + i]! : 0)) & 0xff;
    }
  }
  return assemblePng({ width, height, bitDepth: 8, colorType: 6 }, filtered);
}

/**
 * Encodes an 8-bit grey-and-alpha PNG whose pixels are one of two colours: `set(x, y)` picks the
 * second. Rows are made as the compressor asks for them, so a 4096 × 4096 mask never exists as one
 * 32 MiB buffer.
 */
export async function encodeTwoColourPng(
  width: number,
  height: number,
  colours: [[grey: number, alpha: number], [grey: number, alpha: number]],
  set: (x: number, y: number) => boolean,
): Promise<Uint8Array> {
  let y = 0;
  const rows = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (y === height) return controller.close();
      const row = new Uint8Array(1 + width * 2);
      for (let x = 0; x < width; x++) row.set(colours[set(x, y) ? 1 : 0], 1 + x * 2);
      y++;
      controller.enqueue(row);
    },
  });
  return assemblePng({ width, height, bitDepth: 8, colorType: 4 }, rows);
}

type PngLayout = { width: number; height: number; bitDepth: number; colorType: number; palette?: Uint8Array; transparency?: Uint8Array };

async function assemblePng(layout: PngLayout, scanlines: Uint8Array | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const stream = (
    scanlines instanceof ReadableStream ? scanlines : new Blob([scanlines as BlobPart]).stream()
  ) as ReadableStream<BufferSource>;
  const compressed = new Uint8Array(await new Response(stream.pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, layout.width);
  view.setUint32(4, layout.height);
  header.set([layout.bitDepth, layout.colorType, 0, 0, 0], 8);
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk("IHDR", header),
    ...(layout.palette ? [chunk("PLTE", layout.palette)] : []),
    ...(layout.transparency ? [chunk("tRNS", layout.transparency)] : []),
    chunk("IDAT", compressed),
    chunk("IEND", new Uint8Array(0)),
  ];
  return concatBytes(parts);
}
