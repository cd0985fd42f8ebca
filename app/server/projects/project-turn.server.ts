import { chatAttachmentLimits, type AttachmentRef } from "~/forms/chat-attachments";
import type { ChatAttachment, ChatProject } from "~/shared/ai-types";
import { load, PROJECT_FILES } from "../tools/chat-file-store.server";
import { cutToBudget } from "../tools/chat-turn.server";
import { accountOwner } from "../tools/chat-files-owner.server";
import { InputError } from "../tools/input-error.server";
import { findProjectWithOwner } from "./projects.server";

// A chat turn in a project (docs/decisions/071): the form's `project` checked against the caller
// (the owner of the turn's files: a signed-in account's or an API key's), then the project's
// instructions and files for the engine. Another account's project, a deleted one and a visitor's
// guess are the same 400 on the field, before anything is stored or sent.

export const PROJECT_FIELD = "project";

const NOT_YOURS =
  "This project does not exist, or it is not yours: open one of your projects from the list beside the chat, or start a chat without one.";

/** The project's part of the engine's request and its files' refs (counted among the conversation's), or undefined without a project. */
export async function projectForTurn(
  projectId: string | undefined,
  owner: string | undefined,
  now = Date.now(),
): Promise<{ project: ChatProject; refs: AttachmentRef[] } | undefined> {
  if (!projectId) return undefined;
  const found = await findProjectWithOwner(projectId);
  if (!found || !owner || (await accountOwner(found.email)) !== owner) throw new InputError(PROJECT_FIELD, NOT_YOURS);
  const files: ChatAttachment[] = [];
  for (const ref of found.files) {
    try {
      files.push((await load(ref, owner, now, PROJECT_FILES)).attachment);
    } catch (error) {
      // The chat file store words it for a message's files, which expire; a project's do not.
      if (!(error instanceof InputError)) throw error;
      throw new InputError(
        PROJECT_FIELD,
        `The project's file "${ref.name}" could not be read: remove it from the project and add it again.`,
      );
    }
  }
  return {
    project: {
      name: found.name,
      instructions: found.instructions,
      files: cutToBudget(files, { left: chatAttachmentLimits.providerCharacters }),
    },
    refs: found.files,
  };
}
