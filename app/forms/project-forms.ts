import { z } from "~/forms/zod";
import { formatCount } from "./format-count";
import { projectLimits } from "./project-limits";
import { requiredText } from "./required-text";

export { projectLimits };

// Chat projects (docs/decisions/071): a subscriber's name, instructions and files that every chat in
// the project uses. The chat form's hidden `project` field, and the plain POST forms of the project
// panel beside the chat. A bad value is a 400 with what to fix and what was typed kept.

/** A project's id: 128 random bits in hex, as a history item's. */
export const projectId = z
  .string()
  .regex(/^[0-9a-f]{32}$/, "This project link is not valid: open the project from your list beside the chat.");

/** The chat form's `project` (the page's hidden field, the API's body): blank is none. */
export const projectField = z
  .union([z.literal(""), projectId], { message: "This project link is not valid: open the project from your list beside the chat." })
  .optional()
  .transform((value) => value || undefined);

const name = requiredText(projectLimits.name, "Type a name for the project.", "project name");
const instructions = z
  .string({ message: "The instructions must be text." })
  .trim()
  .max(projectLimits.instructions, `The instructions are too long: the limit is ${formatCount(projectLimits.instructions)} characters.`)
  .optional()
  .transform((value) => value ?? "");

/** The project panel's forms, told apart by the button pressed (`intent`). */
export const projectAction = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), name, instructions }),
    z.object({ intent: z.literal("rename"), project: projectId, name }),
    z.object({ intent: z.literal("instructions"), project: projectId, instructions }),
    z.object({ intent: z.literal("add-files"), project: projectId }),
    z.object({ intent: z.literal("remove-file"), project: projectId, file: z.string().regex(/^[0-9a-f]{32}$/, "Unknown file.") }),
    z.object({ intent: z.literal("delete"), project: projectId }),
  ],
  { message: "Unknown action: create, rename, change the instructions, add or remove files, or delete a project." },
);

export type ProjectAction = z.infer<typeof projectAction>;
