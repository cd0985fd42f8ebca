import type { RouterContextProvider } from "react-router";
import {
  ATTACHMENT_FIELD,
  attachmentTypesLabel,
  chatAttachmentLimits,
  formatBytes,
  type AttachmentRef,
  type ChatImageType,
} from "~/forms/chat-attachments";
import { CHAT_MAX_FORM_BYTES, type ChatInput } from "~/forms/chat-form";
import { readMultipartLimited, tryReadForm, type FormRefusal, type FormValues } from "~/forms/parse-form.server";
import type { ChatAttachment, ChatMessageInput } from "~/shared/ai-types";
import { accountContext } from "../account/account-middleware.server";
import { sha256Hex } from "../account/secure-random.server";
import { visitorToken, visitorTokenCookie } from "../account/visitor-token.server";
import { refusals } from "../documents/refusal.server";
import { kindOfName, sniffDocumentType } from "../documents/sniff.server";
import { toBase64 } from "../base64.server";
import { serverEnv } from "../env.server";
import { isMultipart, oversizedUploadForm } from "../fields-around-upload.server";
import { ImageUploadError, inspectImage, stripMetadata } from "../media/image-upload.server";
import { newMediaId } from "../media/media-store.server";
import { InputError } from "./input-error.server";
import { withInput, type ToolDefinition } from "./tool-pipeline.server";

// Files on chat messages (docs/decisions/051-chat-attachments.md). A file is read once, when it is
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

export type ChatUpload = { values: FormValues; fieldErrors?: Record<string, string>; status?: 400 | 413; files: SentFile[] };

const tooLarge = `These files are too large: a message's files may be ${formatBytes(chatAttachmentLimits.messageBytes)} together. Send fewer or smaller files.`;

/** The chat form as the page, /api/chat or a script sends it: URL-encoded as ever, or multipart with files. */
export async function readChatUpload(request: Request): Promise<ChatUpload | FormRefusal> {
  if (!isMultipart(request)) {
    const form = await tryReadForm(request, CHAT_MAX_FORM_BYTES);
    return "values" in form ? { values: form.values, files: [] } : form;
  }
  // Over the limit without JavaScript: the page comes back with the message beside the field and what was typed.
  const oversized = await oversizedUploadForm(request, MAX_CHAT_UPLOAD_BYTES, ATTACHMENT_FIELD, tooLarge);
  if (oversized) return { ...oversized, files: [] };
  const form = await readMultipartLimited(request, MAX_CHAT_UPLOAD_BYTES);
  if (form === "too-large") return { status: 413, message: tooLarge };
  if (form === "unreadable") return { status: 400, message: "The form could not be read. Please reload the page and try again." };
  const values: FormValues = {};
  const files: { name: string; bytes: Uint8Array }[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") values[name] ??= value;
    else if (name === ATTACHMENT_FIELD) files.push({ name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
    else return { status: 400, message: `The field "${name}" must be text, not a file.` };
  }
  return { values, ...(await readFiles(files)) };
}

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

/** The message's documents extracted (its images as they are), or an InputError beside the file field: the turn's first work. */
async function readDocuments(files: SentFile[]): Promise<ReadFile[]> {
  const read: ReadFile[] = [];
  for (const file of files) {
    if (file.kind !== "unread-document") {
      read.push(file);
      continue;
    }
    // Loaded on the first document only: pdf.js is large.
    const { extractDocument } = await import("../documents/extract.server");
    const extracted = await extractDocument({ name: file.name, bytes: file.data });
    if (!extracted.ok) {
      // The document work's refusals name its own types; a chat also takes images.
      const refusal =
        extracted.refusal === "unsupported-type"
          ? extracted.message.replace(/upload a .* file,/, `attach a ${attachmentTypesLabel} file,`)
          : extracted.message;
      throw new InputError(ATTACHMENT_FIELD, files.length > 1 ? `${file.name}: ${refusal}` : refusal);
    }
    const { text, words, pages } = extracted;
    read.push({ kind: "document", name: file.name, bytes: file.bytes, text, words, ...(pages ? { pages } : {}) });
  }
  return read;
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

// ---------------------------------------------------------------------------------------------
// Owners. A signed-in account owns its files on the site, an API key's account its files over the
// API; a visitor's files belong to a random token in an HttpOnly cookie of this browser (as a
// visitor's detection reports do, reports/report-owner.server.ts), set with the first file and
// moved forward with each. Only a hash is stored with a file.

export const CHAT_FILES_COOKIE = "__Host-chat-files";

export type FilesOwner = { key: string; cookie?: string };

export const accountOwner = (email: string) => sha256Hex(`account:${email.toLowerCase()}`);

/** Whose files a page's (or /api/chat's) request sends and reads; `cookie` renews or sets a visitor's. */
export async function siteFilesOwner(request: Request, context: Readonly<RouterContextProvider>): Promise<FilesOwner> {
  const email = context.get(accountContext)?.email;
  if (email) return { key: await accountOwner(email) };
  const token = visitorToken(request, CHAT_FILES_COOKIE);
  const cookie = visitorTokenCookie(CHAT_FILES_COOKIE, token, chatAttachmentLimits.ttlSeconds);
  return { key: await sha256Hex(`visitor:${token}`), cookie };
}

/** The owner's cookie on an answer that stored files for a visitor who had none. */
export function withOwnerCookie<T extends Response | { init?: ResponseInit | null }>(answer: T, owner: FilesOwner, stored: boolean): T {
  if (!owner.cookie || !stored) return answer;
  if (answer instanceof Response) {
    answer.headers.append("Set-Cookie", owner.cookie);
    return answer;
  }
  const headers = new Headers(answer.init?.headers);
  headers.append("Set-Cookie", owner.cookie);
  answer.init = { ...answer.init, headers };
  return answer;
}

/** A chat definition with the sent files and their owner added to its input. */
export const withChatFiles = <S extends import("zod").ZodType, Result>(
  definition: ToolDefinition<S, Result>,
  files: SentFile[],
  owner: string,
) => withInput(definition, { files, owner } satisfies ChatFiles);

// ---------------------------------------------------------------------------------------------
// Storage and the turn's request.

const PREFIX = "chat-files/";
const objectKey = (id: string) => `${PREFIX}${id}`;

type StoredMeta = { owner: string; expiresAt: string; ref: string };

async function store(file: ReadFile, owner: string, now: number): Promise<AttachmentRef> {
  const id = newMediaId();
  const ref: AttachmentRef =
    file.kind === "document"
      ? { id, kind: "document", name: file.name, bytes: file.bytes, words: file.words, ...(file.pages ? { pages: file.pages } : {}) }
      : { id, kind: "image", name: file.name, bytes: file.bytes, mediaType: file.mediaType, width: file.width, height: file.height };
  const meta: StoredMeta = {
    owner,
    expiresAt: new Date(now + chatAttachmentLimits.ttlSeconds * 1000).toISOString(),
    ref: JSON.stringify(ref),
  };
  await serverEnv().MEDIA.put(objectKey(id), file.kind === "document" ? file.text : file.data, {
    httpMetadata: { contentType: file.kind === "document" ? "text/plain; charset=utf-8" : file.mediaType },
    customMetadata: meta,
  });
  return ref;
}

/** A carried file read back for `owner`: its stored description and contents, or what to tell the caller. */
async function load(ref: AttachmentRef, owner: string, now: number): Promise<{ ref: AttachmentRef; attachment: ChatAttachment }> {
  const object = await serverEnv().MEDIA.get(objectKey(ref.id));
  const meta = object?.customMetadata as Partial<StoredMeta> | undefined;
  if (!object || !(Date.parse(meta?.expiresAt ?? "") > now)) {
    await object?.body.cancel();
    throw new InputError(
      ATTACHMENT_FIELD,
      `The file "${ref.name}" sent earlier in this conversation is no longer kept (files are kept for 24 hours): clear the chat and attach it again.`,
    );
  }
  if (meta?.owner !== owner) {
    await object.body.cancel();
    throw new InputError(
      ATTACHMENT_FIELD,
      `The file "${ref.name}" in this conversation is not yours to send: clear the chat and attach your own files.`,
    );
  }
  // What was stored is the truth, whatever the carried description says.
  const stored = JSON.parse(meta.ref ?? "{}") as AttachmentRef;
  if (stored.kind === "document") {
    const text = await object.text();
    const { id: _id, ...rest } = stored;
    return { ref: stored, attachment: { ...rest, text } };
  }
  const bytes = new Uint8Array(await object.arrayBuffer());
  return {
    ref: stored,
    attachment: {
      kind: "image",
      name: stored.name,
      bytes: stored.bytes,
      mediaType: stored.mediaType,
      dataUrl: `data:${stored.mediaType};base64,${toBase64(bytes)}`,
    },
  };
}

/**
 * One turn's files: the carried ones read back (the caller's own, still kept), the limits of a
 * conversation checked, then the new ones stored. Returns the new message's refs and the engine's
 * messages with their attachments, the documents' text within the provider budget (newest first).
 */
export async function chatTurn(
  input: ChatInput & ChatFiles,
  now = Date.now(),
): Promise<{ refs: AttachmentRef[]; messages: ChatMessageInput[] }> {
  const carried = input.history.flatMap((message) => message.attachments ?? []);
  const resent = input.attached ?? [];
  const sent = input.files ?? [];
  const all = carried.length + resent.length + sent.length;
  if (all > 0 && !input.owner) throw new InputError(ATTACHMENT_FIELD, "Files cannot be attached here.");
  if (all > chatAttachmentLimits.perConversation) {
    throw new InputError(
      ATTACHMENT_FIELD,
      `A conversation carries at most ${chatAttachmentLimits.perConversation} files: clear the chat to start a new one with these files.`,
    );
  }
  const files = await readDocuments(sent);
  const loaded = new Map<string, Awaited<ReturnType<typeof load>>>();
  for (const ref of [...carried, ...resent]) if (!loaded.has(ref.id)) loaded.set(ref.id, await load(ref, input.owner!, now));
  const imageBytes = [...loaded.values(), ...files.map((file) => ({ ref: file }))]
    .filter(({ ref }) => ref.kind === "image")
    .reduce((sum, { ref }) => sum + ref.bytes, 0);
  if (imageBytes > chatAttachmentLimits.conversationImageBytes) {
    throw new InputError(
      ATTACHMENT_FIELD,
      `A conversation carries at most ${formatBytes(chatAttachmentLimits.conversationImageBytes)} of images (these come to ${formatBytes(imageBytes)}): send a smaller image, or clear the chat and start again.`,
    );
  }
  const stored: AttachmentRef[] = [];
  for (const file of files) stored.push(await store(file, input.owner!, now));
  for (const [index, ref] of stored.entries()) {
    const file = files[index]!;
    loaded.set(ref.id, {
      ref,
      attachment:
        file.kind === "document"
          ? {
              kind: "document",
              name: file.name,
              bytes: file.bytes,
              text: file.text,
              words: file.words,
              ...(file.pages ? { pages: file.pages } : {}),
            }
          : {
              kind: "image",
              name: file.name,
              bytes: file.bytes,
              mediaType: file.mediaType,
              dataUrl: `data:${file.mediaType};base64,${toBase64(file.data)}`,
            },
    });
  }
  const refs = [...resent.map((ref) => loaded.get(ref.id)!.ref), ...stored];
  const messages: ChatMessageInput[] = [
    ...input.history.map(({ role, content, attachments }) => ({
      role,
      content,
      ...(attachments?.length ? { ids: attachments.map((ref) => ref.id) } : {}),
    })),
    { role: "user" as const, content: input.message, ...(refs.length ? { ids: refs.map((ref) => ref.id) } : {}) },
  ].map(({ ids, ...message }) => (ids ? { ...message, attachments: ids.map((id) => loaded.get(id)!.attachment) } : message));
  return { refs, messages: withinTextBudget(messages) };
}

/** Documents' text cut to the provider budget, newest first; a cut document says what was left out. */
function withinTextBudget(messages: ChatMessageInput[]): ChatMessageInput[] {
  let left = chatAttachmentLimits.providerCharacters;
  return messages
    .toReversed()
    .map((message) => {
      if (!message.attachments) return message;
      const attachments = message.attachments.map((file) => {
        if (file.kind !== "document") return file;
        const kept = file.text.slice(0, Math.max(0, left));
        left -= kept.length;
        if (kept.length === file.text.length) return file;
        const note = `\n\n[The rest of "${file.name}" was left out here: ${kept.length} of its ${file.text.length} characters are sent.]`;
        return { ...file, text: kept + note };
      });
      return { ...message, attachments };
    })
    .toReversed();
}

/**
 * The carried messages with each document's stored text added, for a shared conversation whose
 * owner ticked 'Include attached files': only the owner's own files, still kept, are read.
 */
export async function withDocumentTexts<M extends { attachments?: AttachmentRef[] }>(
  messages: readonly M[],
  owner: string,
  now = Date.now(),
): Promise<(M & { attachments?: (AttachmentRef & { text?: string })[] })[]> {
  return Promise.all(
    messages.map(async (message) => {
      if (!message.attachments?.length) return message;
      const attachments = await Promise.all(
        message.attachments.map(async (ref) => {
          if (ref.kind !== "document") return ref;
          const { attachment } = await load(ref, owner, now);
          return attachment.kind === "document" ? { ...ref, text: attachment.text } : ref;
        }),
      );
      return { ...message, attachments };
    }),
  );
}

/** R2 list pages looked through when an account is deleted (1,000 files each; files live a day). */
const ERASE_LIST_PAGES = 50;

/** Deletes an account's chat files when the account is deleted; the others expire within the day. */
export async function deleteAccountChatFiles(email: string): Promise<number> {
  const bucket = serverEnv().MEDIA;
  const owner = await accountOwner(email);
  let deleted = 0;
  let cursor: string | undefined;
  for (let page = 0; page < ERASE_LIST_PAGES; page += 1) {
    const listing = await bucket.list({ prefix: PREFIX, cursor, include: ["customMetadata"] });
    const own = listing.objects.filter((object) => object.customMetadata?.owner === owner).map((object) => object.key);
    if (own.length) await bucket.delete(own);
    deleted += own.length;
    if (!listing.truncated) break;
    cursor = listing.cursor;
  }
  return deleted;
}
