import OpenAI, { toFile } from "openai";
import type { ChatFileUploads } from "~/shared/ai-types";
import { sha256Hex } from "../account/secure-random.server";

// A chat's images kept on OpenAI's side (docs/decisions/073), so a later turn names an image by id
// instead of sending it again as base64. Read 2026-11-29: openai-node 7.57.0 `resources/files.d.ts`
// (`files.create({ file, purpose, expires_after: { anchor: "created_at", seconds } })`, seconds from
// 3600 to 2592000; `files.delete(id)`), and OpenAI's images and vision guide, whose Responses example
// uploads an image with `purpose: "vision"` and sends it as `{ type: "input_image", file_id }`
// (`user_data` is the purpose for files given to the model as `input_file`). A file belongs to the
// project of the key that uploaded it, so a copy is named only to that key (`holder`): after the
// operator changes OPENAI_API_KEY, earlier images go as data URLs again instead of failing.

export function openAiChatFiles(client: OpenAI): ChatFileUploads {
  let holder: Promise<string> | undefined;
  return {
    holder: () => (holder ??= sha256Hex(`${client.baseURL}\n${client.apiKey}`).then((digest) => digest.slice(0, 32))),
    async upload({ name, mediaType, data }, ttlSeconds) {
      const file = await client.files.create(
        {
          file: await toFile(data, name, { type: mediaType }),
          purpose: "vision",
          // The provider's copy expires with ours (24 hours), whatever becomes of our deletion.
          expires_after: { anchor: "created_at", seconds: ttlSeconds },
        },
        // A failed upload falls back to sending the bytes (the caller's choice): no retries to wait for.
        { maxRetries: 0 },
      );
      return file.id;
    },
    async remove(providerFileId) {
      await client.files.delete(providerFileId);
    },
  };
}
