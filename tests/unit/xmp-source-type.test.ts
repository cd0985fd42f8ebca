import { encode as encodeJpeg } from "jpeg-js";
import { describe, expect, it } from "vitest";
import { sourceTypesIn, xmpDigitalSourceTypes } from "~/server/credentials/xmp-source-type.server";
import { encodePng } from "~/server/media/png.server";
import { createRaster } from "~/server/media/raster.server";
import { textPdf } from "../support/document-fixtures";
import { jpegWithXmp, pngWithXmp, webpWithXmp, xmpPacket } from "../support/xmp-fixtures";

// The XMP reader of the credentials check: the IPTC digital source type, wherever each format keeps its packet.

const IPTC = "http://cv.iptc.org/newscodes/digitalsourcetype/";
// 60 × 40, lossless (tests/support/webp-encoder.ts), as in the integration tests.
const webp = Uint8Array.from(atob("UklGRjIAAABXRUJQVlA4TCUAAAAvO8AJAA8wjPfgOQ/o/McS1LRtBJVB+aP97ubOEf2fAP3cBfMCAA=="), (c) =>
  c.charCodeAt(0),
);

describe("the digital source type in an XMP packet", () => {
  for (const style of ["attribute", "element", "resource"] as const) {
    it(`written as an ${style}`, () => {
      expect(sourceTypesIn(xmpPacket("trainedAlgorithmicMedia", style))).toEqual([`${IPTC}trainedAlgorithmicMedia`]);
    });
  }

  it("none in a packet without the property", () => {
    expect(sourceTypesIn('<x:xmpmeta><rdf:Description dc:creator="someone"/></x:xmpmeta>')).toEqual([]);
  });
});

describe("the packet in each container", () => {
  it("a PNG's iTXt chunk", async () => {
    const png = await pngWithXmp(await encodePng(createRaster(8, 8)), xmpPacket("algorithmicMedia"));
    expect(await xmpDigitalSourceTypes(png, "image/png")).toEqual([`${IPTC}algorithmicMedia`]);
    expect(await xmpDigitalSourceTypes(await encodePng(createRaster(8, 8)), "image/png")).toEqual([]);
  });

  it("a JPEG's APP1 segment", async () => {
    const jpeg = encodeJpeg({ data: new Uint8Array(8 * 8 * 4), width: 8, height: 8 }, 80).data;
    expect(await xmpDigitalSourceTypes(jpegWithXmp(jpeg, xmpPacket("digitalCapture", "element")), "image/jpeg")).toEqual([
      `${IPTC}digitalCapture`,
    ]);
    expect(await xmpDigitalSourceTypes(jpeg, "image/jpeg")).toEqual([]);
  });

  it("a WebP's 'XMP ' chunk", async () => {
    expect(
      await xmpDigitalSourceTypes(webpWithXmp(webp, xmpPacket("compositeWithTrainedAlgorithmicMedia", "resource")), "image/webp"),
    ).toEqual([`${IPTC}compositeWithTrainedAlgorithmicMedia`]);
    expect(await xmpDigitalSourceTypes(webp, "image/webp")).toEqual([]);
  });

  it("a PDF's metadata stream", async () => {
    const pdf = textPdf({ pages: 1 }).bytes;
    const labelled = new Uint8Array([...pdf, ...new TextEncoder().encode(`\n% metadata\n${xmpPacket("trainedAlgorithmicMedia")}\n`)]);
    expect(await xmpDigitalSourceTypes(labelled, "application/pdf")).toEqual([`${IPTC}trainedAlgorithmicMedia`]);
    expect(await xmpDigitalSourceTypes(pdf, "application/pdf")).toEqual([]);
  });
});
