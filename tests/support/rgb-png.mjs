import { crc32, deflateSync } from "node:zlib";

// Test images in Node: an 8-bit RGB PNG from its filtered scanlines (each row a filter byte, then
// width × 3 bytes), shared by the e2e tests that upload an image and the image-edit bench.
export function rgbPng(width, height, scanlines, { level } = {}) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    // A real CRC: browsers refuse a PNG whose chunks fail it (the server's decoder does not check).
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "ascii"), data])));
    return Buffer.concat([length, Buffer.from(type, "ascii"), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(scanlines, { level })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A landscape to edit: sky blue over grass green, `width` × `height`. */
export function landscapePng(width = 240, height = 160) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(y < height / 2 ? [90, 140, 220] : [60, 140, 60], y * (width * 3 + 1) + 1 + x * 3);
  }
  return rgbPng(width, height, rows);
}
