import { ATTACHMENT_FIELD, chatAttachmentLimits, formatBytes, type ChatImageType } from "~/forms/chat-attachments";
import { CHAT_MAX_FORM_BYTES } from "~/forms/chat-form";
import { refusals } from "../documents/refusal.server";
import { kindOfName, sniffDocumentType } from "../documents/sniff.server";
import { ImageUploadError, inspectImage, stripMetadata } from "../media/image-upload.server";
import { filesOwner } from "./chat-files-owner.server";
import type { ToolUpload } from "./tool-definition.server";

// Files on chat messages (docs/decisions/051-chat-attachments.md): this module reads and checks
// them; chat-turn.server.ts runs a turn's files, chat-file-store.server.ts keeps them in R2,
// chat-files-owner.server.ts says whose they are. A file is read once, when it is
// sent: an image checked by its bytes as the form is read, a document to its text by the document
// work (same limits and refusals as the detector's upload) once the turn is paid for (chatTurn runs
// inside the tool pipeline's run, after the allowance is taken). Its text or image is then kept in R2 under an
// unguessable id for 24 hours, marked with its owner; the conversation (a hidden field) carries
// only the id and what the file was, and every later turn reads the caller's own files back to
// build the engine's request. A file of someone else's is refused.

/** A message's files and the form's fields, plus room for a whole conversation. */
export const MAX_CHAT_UPLOAD_BYTES = chatAttachmentLimits.messageBytes + CHAT_MAX_FORM_BYTES;

/** Characters of a file's name kept (readAttachmentRef accepts no longer). */
const MAX_NAME = 255;

/** A file read, not yet stored. */
export type ReadFile =
  | { kind: "document"; name: string; bytes: number; text: string; words: number; pages?: number }
  | { kind: "image"; name: string; bytes: number; mediaType: ChatImageType; width: number; height: number; data: Uint8Array };

/** A file as the form brings it: an image checked, a document still to be extracted (its bytes). */
export type SentFile = Extract<ReadFile, { kind: "image" }> | { kind: "unread-document"; name: string; bytes: number; data: Uint8Array };

/** What a chat run gets besides the form: the new files, and whose they are. */
export type ChatFiles = { files?: SentFile[]; owner?: string };

const tooLarge = `These files are too large: a message's files may be ${formatBytes(chatAttachmentLimits.messageBytes)} together. Send fewer or smaller files.`;

/**
 * A chat message's files (multipart field `files`), for every transport: each checked by its bytes
 * now (documents are read later, in chatTurn, once the turn is paid for), with whose they are; a
 * visitor's first message sets the cookie that owns its files and its replies.
 */
export const chatUpload: ToolUpload<never> = {
  field: ATTACHMENT_FIELD,
  maxBytes: MAX_CHAT_UPLOAD_BYTES,
  textMaxBytes: CHAT_MAX_FORM_BYTES,
  tooLarge,
  accept: async ({ values, files }, caller) => {
    const read = await readFiles(files);
    const owner = await filesOwner(caller);
    return {
      values,
      extra: { files: read.files, owner: owner.key } satisfies ChatFiles,
      ...(read.fieldErrors ? { fieldErrors: read.fieldErrors, status: read.status } : {}),
      // Set with a visitor's first message, files or not: it also names the conversation's running turn (decision 072).
      ...(owner.cookie ? { headers: { "Set-Cookie": owner.cookie } } : {}),
    };
  },
};

/** The files of one message checked (documents left to chatTurn), or the first refusal worded as what to fix (beside the file field). */
export async function readFiles(
  sent: { name: string; bytes: Uint8Array }[],
): Promise<{ files: SentFile[]; fieldErrors?: Record<string, string>; status?: 400 | 413 }> {
  // A file field left empty arrives as a nameless, empty file.
  const chosen = sent.filter((file) => file.bytes.length > 0 || file.name !== "");
  const refuse = (message: string, status: 400 | 413 = 400) => ({ files: [], fieldErrors: { [ATTACHMENT_FIELD]: message }, status });
  if (chosen.length > chatAttachmentLimits.perMessage) {
    return refuse(`Attach at most ${chatAttachmentLimits.perMessage} files to one message (you chose ${chosen.length}).`);
  }
  if (chosen.reduce((sum, file) => sum + file.bytes.length, 0) > chatAttachmentLimits.messageBytes) return refuse(tooLarge, 413);
  const files: SentFile[] = [];
  for (const file of chosen) {
    const read = checkFile(file.name || "file", file.bytes);
    if ("refusal" in read) return refuse(chosen.length > 1 ? `${file.name || "A file"}: ${read.refusal}` : read.refusal, read.status);
    // A name is kept to 255 characters: it travels in the object's metadata (R2 allows 8,192 bytes
    // of it: developers.cloudflare.com/r2/platform/limits, read 2026-11-26) and in every carried ref.
    files.push({ ...read, name: read.name.slice(0, MAX_NAME) });
  }
  return { files };
}

/** An image read, a document's bytes kept for chatTurn, or what to fix: the cheap checks, done before any allowance is taken. */
function checkFile(name: string, bytes: Uint8Array): SentFile | { refusal: string; status: 400 | 413 } {
  const sniffed = sniffDocumentType(bytes);
  const image = sniffed === "png" || sniffed === "jpeg" || sniffed === "webp" || sniffed === "gif";
  // A name promising a document over an image's bytes, or an image over anything else, is refused as the document work refuses it.
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? "";
  const namedImage = ["png", "jpg", "jpeg", "webp", "gif"].includes(extension);
  if (bytes.length > 0 && ((image && kindOfName(name)) || (!image && namedImage))) {
    return { refusal: refusals.mismatch(extension, sniffed).replace(", or paste the text instead", ""), status: 400 };
  }
  if (image) {
    try {
      return { name, ...(sniffed === "gif" ? inspectGif(bytes) : inspectStill(bytes)) };
    } catch (error) {
      if (error instanceof ImageUploadError) return { refusal: error.message, status: 400 };
      throw error;
    }
  }
  return { kind: "unread-document", name, bytes: bytes.length, data: bytes };
}

/** PNG, JPEG, WebP: the image editor's checks (type, declared size, animation), its metadata removed. */
function inspectStill(bytes: Uint8Array) {
  let info;
  try {
    info = inspectImage(bytes);
  } catch (error) {
    if (error instanceof ImageUploadError) throw new ImageUploadError(error.message.replace("cannot be edited", "cannot be attached"));
    throw error;
  }
  const data = stripMetadata(bytes, info.type);
  return { kind: "image" as const, bytes: data.length, mediaType: info.type, width: info.width, height: info.height, data };
}

/** A GIF: its screen size, and one frame only (OpenAI takes still GIFs). Its blocks are walked to the trailer. */
function inspectGif(bytes: Uint8Array) {
  const cutShort = () => new ImageUploadError("The GIF file is cut short or damaged. Export it again and retry.");
  const at = (index: number) => {
    if (index >= bytes.length) throw cutShort();
    return bytes[index]!;
  };
  const width = at(6) | (at(7) << 8);
  const height = at(8) | (at(9) << 8);
  if (width < 1 || height < 1) throw new ImageUploadError("The image has no pixels. Choose another image.");
  const side = chatAttachmentLimits.imageSide;
  if (width > side || height > side) {
    throw new ImageUploadError(
      `The image is ${width} × ${height} pixels: the limit is ${side} pixels a side. Make it smaller and try again.`,
    );
  }
  const table = (flags: number) => ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  const skipSubBlocks = (offset: number) => {
    while (at(offset) !== 0) offset += at(offset) + 1;
    return offset + 1;
  };
  let offset = 13 + table(at(10));
  let frames = 0;
  for (;;) {
    const block = at(offset);
    if (block === 0x3b) break;
    if (block === 0x21) offset = skipSubBlocks(offset + 2);
    else if (block === 0x2c) {
      if (++frames > 1) throw new ImageUploadError("Animated GIF images cannot be attached: choose a still image.");
      offset = skipSubBlocks(offset + 10 + table(at(offset + 9)) + 1);
    } else throw cutShort();
  }
  if (frames === 0) throw cutShort();
  return { kind: "image" as const, bytes: bytes.length, mediaType: "image/gif" as const, width, height, data: bytes };
}
