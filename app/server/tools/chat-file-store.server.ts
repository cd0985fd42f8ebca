import { ATTACHMENT_FIELD, chatAttachmentLimits, type AttachmentRef } from "~/forms/chat-attachments";
import type { ChatAttachment, ChatFileUploads } from "~/shared/ai-types";
import { toBase64 } from "../base64.server";
import { currentEngine } from "../ai/engine.server";
import { serverEnv } from "../env.server";
import { log } from "../log.server";
import { randomId } from "../account/secure-random.server";
import type { ReadFile } from "./chat-attachments.server";
import { accountOwner } from "./chat-files-owner.server";
import { InputError } from "./input-error.server";

// Files on chat messages kept in R2 under an unguessable id for 24 hours, marked with their
// owner's hash (docs/decisions/051-chat-attachments.md): stored once when sent, read back for
// their owner only, deleted with the account. An image the provider was given once keeps the
// provider's id of its copy beside it (`providerFile`, docs/decisions/073), and who holds that copy
// (`providerHolder`: the API key's digest, since another key cannot see it).

const PREFIX = "chat-files/";

/**
 * Where a file is kept: a message's for a day under chat-files/, a project's under project-files/
 * for as long as the project (docs/decisions/071), which names it and deletes it.
 */
export type FileShelf = { prefix: string; ttlSeconds?: number };
export const MESSAGE_FILES: FileShelf = { prefix: PREFIX, ttlSeconds: chatAttachmentLimits.ttlSeconds };
export const PROJECT_FILES: FileShelf = { prefix: "project-files/" };

export const fileObjectKey = (id: string, shelf: FileShelf = MESSAGE_FILES) => `${shelf.prefix}${id}`;

type StoredMeta = { owner: string; expiresAt?: string; ref: string; providerFile?: string; providerHolder?: string };

/** The provider's copy of an image: its id, and who holds it (`ChatFileUploads.holder`). */
export type ProviderCopy = { providerFile: string; providerHolder: string };

export async function store(
  file: ReadFile,
  owner: string,
  now: number,
  shelf: FileShelf = MESSAGE_FILES,
  copy?: ProviderCopy,
): Promise<AttachmentRef> {
  const id = randomId();
  const ref: AttachmentRef =
    file.kind === "document"
      ? { id, kind: "document", name: file.name, bytes: file.bytes, words: file.words, ...(file.pages ? { pages: file.pages } : {}) }
      : { id, kind: "image", name: file.name, bytes: file.bytes, mediaType: file.mediaType, width: file.width, height: file.height };
  const meta: StoredMeta = {
    owner,
    ...(shelf.ttlSeconds ? { expiresAt: new Date(now + shelf.ttlSeconds * 1000).toISOString() } : {}),
    ref: JSON.stringify(ref),
    ...copy,
  };
  await serverEnv().MEDIA.put(fileObjectKey(id, shelf), file.kind === "document" ? file.text : file.data, {
    httpMetadata: { contentType: file.kind === "document" ? "text/plain; charset=utf-8" : file.mediaType },
    customMetadata: meta,
  });
  return ref;
}

/**
 * A carried file read back for `owner`: its stored description and contents, or what to tell the
 * caller. With `providerHolder`, an image whose copy that holder keeps is named by that copy's id,
 * and its bytes are not read; any other image goes as a data URL.
 */
export async function load(
  ref: AttachmentRef,
  owner: string,
  now: number,
  shelf: FileShelf = MESSAGE_FILES,
  { providerHolder }: { providerHolder?: string } = {},
): Promise<{ ref: AttachmentRef; attachment: ChatAttachment }> {
  const object = await serverEnv().MEDIA.get(fileObjectKey(ref.id, shelf));
  const meta = object?.customMetadata as Partial<StoredMeta> | undefined;
  if (!object || (shelf.ttlSeconds !== undefined && !(Date.parse(meta?.expiresAt ?? "") > now))) {
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
  const image = { kind: "image" as const, name: stored.name, bytes: stored.bytes, mediaType: stored.mediaType };
  if (providerHolder && meta.providerFile && meta.providerHolder === providerHolder) {
    await object.body.cancel();
    return { ref: stored, attachment: { ...image, providerFileId: meta.providerFile } };
  }
  const bytes = new Uint8Array(await object.arrayBuffer());
  return {
    ref: stored,
    attachment: { ...image, dataUrl: `data:${stored.mediaType};base64,${toBase64(bytes)}` },
  };
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

/**
 * Deletes an account's chat files when the account is deleted, and the provider's copies of them
 * (best effort: a copy the provider keeps expires with ours within the day); the others expire
 * within the day.
 */
export async function deleteAccountChatFiles(email: string): Promise<number> {
  const bucket = serverEnv().MEDIA;
  const owner = await accountOwner(email);
  let deleted = 0;
  let cursor: string | undefined;
  const uploads = currentEngine().chatFiles;
  const holder = await uploads?.holder();
  const providerFiles: string[] = [];
  for (let page = 0; page < ERASE_LIST_PAGES; page += 1) {
    const listing = await bucket.list({ prefix: PREFIX, cursor, include: ["customMetadata"] });
    const own = listing.objects.filter((object) => object.customMetadata?.owner === owner);
    if (own.length) await bucket.delete(own.map((object) => object.key));
    // Copies the current key holds, and those stored before holders were recorded; another key's
    // are out of its reach (404) and expire with ours.
    const held = own.filter(({ customMetadata }) => !customMetadata?.providerHolder || customMetadata.providerHolder === holder);
    providerFiles.push(...held.flatMap((object) => object.customMetadata?.providerFile ?? []));
    deleted += own.length;
    if (!listing.truncated) break;
    cursor = listing.cursor;
  }
  await removeProviderCopies(uploads, providerFiles);
  return deleted;
}

/** The provider's copies deleted, one by one; one it refuses is logged and left to expire. */
async function removeProviderCopies(uploads: ChatFileUploads | undefined, ids: readonly string[]): Promise<void> {
  if (!uploads) return;
  for (const id of ids) {
    await uploads.remove(id).catch((error: unknown) => {
      log("warn", "a chat image's provider copy could not be deleted; it expires within the day", { id, error: String(error) });
    });
  }
}
