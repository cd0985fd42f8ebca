// POST /v1/images/edits of the fake OpenAI: a multipart form read the way the real endpoint reads
// it, refusing what it refuses (openai-node 6.49.0 `images.d.ts`, read 2026-11-24): the image must
// be PNG, JPEG or WebP (GPT image models, < 50 MB); the mask a PNG with an alpha channel, of the
// image's own size, < 4 MB, whose fully transparent pixels mark the area to edit; the prompt is
// required; the model's sizes and parameters as for generation (no `response_format`: GPT image
// models answer base64 only). What it received is recorded with the sizes it read, and the share
// of the mask's pixels that are transparent in each half of the image, so tests can check the
// painted area.
import { inflateSync } from "node:zlib";
import { apiError } from "./openai-catalog.mjs";

const missing = (param) => apiError(400, `Missing required parameter: '${param}'.`, { param, code: "missing_required_parameter" });

/** Reads the form; answers `{ problem }` (an API error) or `{ body, record }` for the generation checks. */
export async function readImageEdit(raw, contentType) {
  let form;
  try {
    form = await new Request("http://fake/", { method: "POST", headers: { "content-type": contentType }, body: raw }).formData();
  } catch {
    return { problem: apiError(400, "Could not parse multipart form", { code: "invalid_multipart" }) };
  }
  const fields = {};
  const files = {};
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] = value;
    else files[name.replace(/\[\]$/, "")] ??= { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
  }
  const image = files.image;
  const record = { ...fields };
  if (!image) return { problem: missing("image"), record };
  const imageInfo = imageSize(image.bytes);
  record.image = { name: image.name, type: image.type, size: image.bytes.length, ...imageInfo };
  if (!imageInfo) {
    return {
      problem: apiError(400, "Invalid image file or mode for image 1, please check your image file.", {
        param: "image",
        code: "invalid_image_file",
      }),
      record,
    };
  }
  if (image.bytes.length > 50 * 1024 * 1024)
    return { problem: apiError(400, "Image file is too large: the limit is 50MB.", { param: "image" }), record };
  if (files.mask) {
    const mask = pngLayout(files.mask.bytes);
    record.mask = { name: files.mask.name, type: files.mask.type, size: files.mask.bytes.length, ...mask };
    if (!mask)
      return {
        problem: apiError(400, "Invalid mask image format - mask must be a PNG file.", {
          param: "mask",
          code: "invalid_mask_image_format",
        }),
        record,
      };
    if (files.mask.bytes.length > 4 * 1024 * 1024)
      return { problem: apiError(400, "Mask file is too large: the limit is 4MB.", { param: "mask" }), record };
    if (!mask.hasAlpha) {
      return {
        problem: apiError(400, "Invalid input image - mask must have an alpha channel (format must be in ['RGBA', 'LA']).", {
          param: "mask",
          code: "invalid_mask_image_format",
        }),
        record,
      };
    }
    if (mask.width !== imageInfo.width || mask.height !== imageInfo.height) {
      return {
        problem: apiError(
          400,
          `Invalid mask image - mask size (${mask.width}x${mask.height}) does not match image size (${imageInfo.width}x${imageInfo.height}).`,
          {
            param: "mask",
            code: "invalid_mask_image_size",
          },
        ),
        record,
      };
    }
    record.mask.transparentShare = transparentShare(files.mask.bytes, mask);
  }
  if (fields.prompt === undefined) return { problem: missing("prompt"), record };
  const { input_fidelity: fidelity, ...body } = fields;
  if (fidelity !== undefined && !["high", "low"].includes(fidelity)) {
    return {
      problem: apiError(400, `Invalid value: '${fidelity}'. Supported values are: 'high' and 'low'.`, {
        param: "input_fidelity",
        code: "invalid_value",
      }),
      record,
    };
  }
  for (const key of ["n", "output_compression", "partial_images"]) if (body[key] !== undefined) body[key] = Number(body[key]);
  if (body.stream !== undefined) body.stream = body.stream === "true";
  return { body, record };
}

/** Width and height of a PNG, JPEG or WebP, or undefined for anything else. */
function imageSize(bytes) {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { format: "png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let offset = 2; offset + 9 < bytes.length;) {
      const marker = bytes[offset + 1];
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { format: "jpeg", height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      }
      offset += 2 + bytes.readUInt16BE(offset + 2);
    }
    return undefined;
  }
  if (bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") {
    const chunk = bytes.toString("ascii", 12, 16);
    if (chunk === "VP8X") return { format: "webp", width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    if (chunk === "VP8 ") return { format: "webp", width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = bytes.readUInt32LE(21);
      return { format: "webp", width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
    }
  }
  return undefined;
}

/** A PNG's header and whether it has alpha (an alpha channel, or transparency for its palette or grey). */
function pngLayout(bytes) {
  const info = imageSize(bytes);
  if (info?.format !== "png") return undefined;
  const colorType = bytes[25];
  const bitDepth = bytes[24];
  const interlaced = bytes[28] === 1;
  let hasTransparencyChunk = false;
  let idat = [];
  for (let offset = 8; offset + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("ascii", offset + 4, offset + 8);
    if (type === "tRNS") hasTransparencyChunk = true;
    if (type === "IDAT") idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  return {
    width: info.width,
    height: info.height,
    colorType,
    bitDepth,
    interlaced,
    hasAlpha: colorType === 4 || colorType === 6 || hasTransparencyChunk,
    idat,
  };
}

/** Share of fully transparent pixels in the top and bottom halves of an 8-bit LA or RGBA mask. */
function transparentShare(bytes, layout) {
  const { width, height, colorType, bitDepth, interlaced, idat } = layout;
  delete layout.idat;
  if (bitDepth !== 8 || interlaced || (colorType !== 4 && colorType !== 6)) return undefined;
  const channels = colorType === 4 ? 2 : 4;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(idat));
  let previous = Buffer.alloc(stride);
  const counts = { top: 0, bottom: 0 };
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? line[i - channels] : 0;
      const up = previous[i];
      const upLeft = i >= channels ? previous[i - channels] : 0;
      const p = left + up - upLeft;
      const paeth =
        Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
          ? left
          : Math.abs(p - up) <= Math.abs(p - upLeft)
            ? up
            : upLeft;
      line[i] = (line[i] + [0, left, up, (left + up) >> 1, paeth][filter]) & 0xff;
    }
    for (let x = 0; x < width; x++) if (line[x * channels + channels - 1] === 0) counts[y < height / 2 ? "top" : "bottom"]++;
    previous = line;
  }
  const half = (width * height) / 2;
  return { top: counts.top / half, bottom: counts.bottom / half };
}
