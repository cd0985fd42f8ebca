import { ATTACHMENT_FIELD, attachmentTypesLabel, chatAttachmentLimits, formatBytes, type AttachmentRef } from "~/forms/chat-attachments";
import type { ChatInput } from "~/forms/chat-form";
import type { ChatAttachment, ChatFileUploads, ChatMessageInput } from "~/shared/ai-types";
import { currentEngine } from "../ai/engine.server";
import { toBase64 } from "../base64.server";
import { log } from "../log.server";
import type { ChatFiles, ReadFile, SentFile } from "./chat-attachments.server";
import { load, MESSAGE_FILES, store, type ProviderCopy } from "./chat-file-store.server";
import { InputError } from "./input-error.server";

// One chat turn's files (docs/decisions/051-chat-attachments.md): run inside the tool pipeline,
// after the allowance is taken, so a document is extracted and a file stored only for a paid turn.

/** The message's documents extracted (its images as they are), or an InputError beside the file field: the turn's first work (and a project's files'). */
export async function readDocuments(files: SentFile[]): Promise<ReadFile[]> {
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

/**
 * One turn's files: the carried ones read back (the caller's own, still kept), the limits of a
 * conversation checked, then the new ones stored. Returns the new message's refs and the engine's
 * messages with their attachments, the documents' text within the provider budget (newest first).
 */
export async function chatTurn(
  input: ChatInput & ChatFiles,
  { now = Date.now(), projectFiles = [] }: { now?: number; projectFiles?: readonly AttachmentRef[] } = {},
): Promise<{ refs: AttachmentRef[]; messages: ChatMessageInput[] }> {
  const carried = input.history.flatMap((message) => message.attachments ?? []);
  const resent = input.attached ?? [];
  const sent = input.files ?? [];
  const all = carried.length + resent.length + sent.length;
  if (all > 0 && !input.owner) throw new InputError(ATTACHMENT_FIELD, "Files cannot be attached here.");
  // A project's files ride with every turn of its chats, so they count among the conversation's (decision 071).
  if (all + projectFiles.length > chatAttachmentLimits.perConversation) {
    const theProject = projectFiles.length ? `, the project's ${projectFiles.length} included` : "";
    throw new InputError(
      ATTACHMENT_FIELD,
      `A conversation carries at most ${chatAttachmentLimits.perConversation} files${theProject}: clear the chat to start a new one with these files.`,
    );
  }
  const files = await readDocuments(sent);
  // A provider that keeps images by id is given each image once (decision 073).
  const uploads = currentEngine().chatFiles;
  const providerHolder = await uploads?.holder();
  const loaded = new Map<string, Awaited<ReturnType<typeof load>>>();
  for (const ref of [...carried, ...resent]) {
    if (!loaded.has(ref.id)) loaded.set(ref.id, await load(ref, input.owner!, now, MESSAGE_FILES, { providerHolder }));
  }
  const imageBytes = [...loaded.values(), ...files.map((file) => ({ ref: file })), ...projectFiles.map((ref) => ({ ref }))]
    .filter(({ ref }) => ref.kind === "image")
    .reduce((sum, { ref }) => sum + ref.bytes, 0);
  if (imageBytes > chatAttachmentLimits.conversationImageBytes) {
    throw new InputError(
      ATTACHMENT_FIELD,
      `A conversation carries at most ${formatBytes(chatAttachmentLimits.conversationImageBytes)} of images (these come to ${formatBytes(imageBytes)}): send a smaller image, or clear the chat and start again.`,
    );
  }
  const stored: { ref: AttachmentRef; copy?: ProviderCopy }[] = [];
  for (const file of files) {
    const copy = file.kind === "image" ? await uploadOnce(uploads, file) : undefined;
    stored.push({ ref: await store(file, input.owner!, now, MESSAGE_FILES, copy), copy });
  }
  for (const [index, { ref, copy }] of stored.entries()) {
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
              ...(copy ? { providerFileId: copy.providerFile } : { dataUrl: `data:${file.mediaType};base64,${toBase64(file.data)}` }),
            },
    });
  }
  const refs = [...resent.map((ref) => loaded.get(ref.id)!.ref), ...stored.map(({ ref }) => ref)];
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

/**
 * The provider's copy of a new image, kept as long as ours; none without a provider that keeps
 * files, or when the upload fails (logged): the image then goes as a data URL, as before.
 */
async function uploadOnce(
  uploads: ChatFileUploads | undefined,
  image: Extract<ReadFile, { kind: "image" }>,
): Promise<ProviderCopy | undefined> {
  if (!uploads) return undefined;
  try {
    const data = { name: image.name, mediaType: image.mediaType, data: image.data };
    const providerFile = await uploads.upload(data, chatAttachmentLimits.ttlSeconds);
    return { providerFile, providerHolder: await uploads.holder() };
  } catch (error) {
    log("warn", "a chat image could not be uploaded to the provider; it is sent as a data URL", { error: String(error) });
    return undefined;
  }
}

/** Documents' text cut to the provider budget, newest first; a cut document says what was left out. */
function withinTextBudget(messages: ChatMessageInput[]): ChatMessageInput[] {
  const budget = { left: chatAttachmentLimits.providerCharacters };
  return messages
    .toReversed()
    .map((message) => (message.attachments ? { ...message, attachments: cutToBudget(message.attachments, budget) } : message))
    .toReversed();
}

/** Files with their documents' text cut, in order, to what is `left` of a turn's budget (which it uses up); a cut document says what was left out. */
export function cutToBudget(files: ChatAttachment[], budget: { left: number }): ChatAttachment[] {
  return files.map((file) => {
    if (file.kind !== "document") return file;
    const kept = file.text.slice(0, Math.max(0, budget.left));
    budget.left -= kept.length;
    if (kept.length === file.text.length) return file;
    const note = `\n\n[The rest of "${file.name}" was left out here: ${kept.length} of its ${file.text.length} characters are sent.]`;
    return { ...file, text: kept + note };
  });
}
