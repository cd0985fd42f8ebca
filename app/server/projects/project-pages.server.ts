import { data, redirect, type RouterContextProvider } from "react-router";
import { ATTACHMENT_FIELD, attachmentDetails, formatBytes, type AttachmentRef } from "~/forms/chat-attachments";
import { parseForm } from "~/forms/parse-form.server";
import { projectAction, projectId, projectLimits } from "~/forms/project-forms";
import type { ProjectFormState, ProjectView } from "~/shared/conversation-summary";
import { noStore } from "../personal-page.server";
import { formRefusalMessage, isRefusal, readBody, refusalStatus } from "../request-body/read-body.server";
import { MAX_CHAT_UPLOAD_BYTES, readFiles, type ReadFile } from "../tools/chat-attachments.server";
import { fileObjectKey, PROJECT_FILES, store } from "../tools/chat-file-store.server";
import { accountOwner } from "../tools/chat-files-owner.server";
import { readDocuments } from "../tools/chat-turn.server";
import { InputError } from "../tools/input-error.server";
import { callerOf } from "../tools/tool-caller.server";
import { stopAccountTurn } from "../conversations/running-turns.server";
import { describeError, log } from "../log.server";
import { eraseProject } from "../workspace/account-deletion.server";
import { conversationsStartedIn } from "../workspace/history.server";
import { serverEnv } from "../env.server";
import { CHAT_MAX_FORM_BYTES } from "~/forms/chat-form";
import { createProject, editProject, findProject, listProjects, replaceProjectFiles } from "./projects.server";

// The chat page's projects (docs/decisions/071): what the list beside the chat shows of them, and the
// project panel's plain POST forms (`POST /conversational-ai?project`): create, rename, instructions,
// add and remove files, delete. Each is answered with a 303 back to the project; a refusal is the
// page again (400, 404 or 413) with the message beside its field and what was typed kept.

const GONE = "This project does not exist, or it was deleted.";

/** The subscriber's projects, and the one open (`?p=`, or the opened conversation's): a 404 page for another account's or a deleted one. */
export async function chatPageProjects(email: string, id: string | undefined) {
  const [projects, project] = await Promise.all([
    listProjects(email),
    id !== undefined && projectId.safeParse(id).success ? findProject(email, id) : undefined,
  ]);
  if (id !== undefined && !project) throw data(GONE, { status: 404, headers: noStore });
  const view: ProjectView | undefined = project && {
    id: project.id,
    name: project.name,
    instructions: project.instructions,
    files: project.files.map((file) => ({ id: file.id, name: file.name, details: attachmentDetails(file) })),
  };
  return { projects, project: view };
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** A project form's outcome: a 303 back to the project, or the refusal to show beside its field. */
export type ProjectFormOutcome = Response | { refused: ProjectFormState; status: 400 | 403 | 404 | 409 | 413 };

export async function projectFormAction({ request, context }: Args): Promise<ProjectFormOutcome> {
  const caller = await callerOf(context);
  const body = await readBody(request, {
    maxBytes: MAX_CHAT_UPLOAD_BYTES,
    textMaxBytes: CHAT_MAX_FORM_BYTES,
    accepts: ["form"],
    files: [ATTACHMENT_FIELD],
  });
  const values = isRefusal(body) ? (body.kept ?? {}) : (body.values as Record<string, string>);
  const refuse = (field: string, error: string, status: 400 | 403 | 404 | 409 | 413 = 400): ProjectFormOutcome => ({
    refused: {
      intent: String(values.intent ?? ""),
      field,
      error,
      values: { name: stringOf(values.name), instructions: stringOf(values.instructions) },
    },
    status,
  });
  if (caller.kind !== "subscriber") {
    throw data("Projects are part of every plan: sign in with a subscription to use them.", { status: 403, headers: noStore });
  }
  if (isRefusal(body)) {
    if (body.refused === "too-large") return refuse(ATTACHMENT_FIELD, tooLarge, 413);
    throw data(formRefusalMessage(body), { status: refusalStatus(body), headers: noStore });
  }
  const parsed = parseForm(projectAction, values);
  if (!parsed.ok) {
    const [field, error] = Object.entries(parsed.fieldErrors)[0] ?? ["intent", "Unknown action."];
    return refuse(field, error ?? "Unknown action.");
  }
  const { email } = caller.subscriber;
  const action = parsed.data;
  const back = (id?: string) => redirect(id ? `/conversational-ai?p=${id}` : "/conversational-ai", { status: 303, headers: noStore });
  if (action.intent === "create") {
    const id = await createProject(email, action.name, action.instructions);
    if (!id)
      return refuse("name", `You have ${projectLimits.perAccount} projects, as many as an account keeps: delete one to make another.`, 409);
    return back(id);
  }
  const project = await findProject(email, action.project);
  if (!project) return refuse("project", GONE, 404);
  switch (action.intent) {
    case "rename":
      await editProject(email, project.id, { name: action.name });
      return back(project.id);
    case "instructions":
      await editProject(email, project.id, { instructions: action.instructions });
      return back(project.id);
    case "delete": {
      // The project, its chats and its files, by the account deletion's path (the table registry). A
      // first reply still being written in it stops, as deleting that chat alone would (decision 075).
      // A failed read does not keep the project either (logged; such a reply is not kept).
      const writing = await conversationsStartedIn(email, project.id).catch((error: unknown) => {
        log("error", "a deleted project's started chats could not be read", describeError(error));
        return [];
      });
      await eraseProject(email, project.id);
      await Promise.all(writing.map((conversation) => stopAccountTurn(email, conversation)));
      return back();
    }
    case "remove-file": {
      const kept = project.files.filter((file) => file.id !== action.file);
      if (kept.length === project.files.length) return refuse(ATTACHMENT_FIELD, "This file is no longer in the project.", 404);
      if (!(await replaceProjectFiles(email, project.id, project.files, kept))) return refuse(ATTACHMENT_FIELD, CHANGED, 409);
      await serverEnv().MEDIA.delete(fileObjectKey(action.file, PROJECT_FILES));
      return back(project.id);
    }
    case "add-files": {
      const added = await addFiles(email, project.files, isRefusal(body) ? [] : body.files);
      if ("error" in added) return refuse(ATTACHMENT_FIELD, added.error, added.status);
      if (!(await replaceProjectFiles(email, project.id, project.files, [...project.files, ...added.refs]))) {
        await serverEnv().MEDIA.delete(added.refs.map((ref) => fileObjectKey(ref.id, PROJECT_FILES)));
        return refuse(ATTACHMENT_FIELD, CHANGED, 409);
      }
      return back(project.id);
    }
  }
}

const CHANGED = "The project changed in another tab meanwhile: look at it again and retry.";
const tooLarge = `These files are too large: a project's files may be ${formatBytes(projectLimits.fileBytes)} together. Add fewer or smaller files.`;

const stringOf = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The files sent, read and checked by the chat's rules (types, sizes) and the project's (count, bytes together), then stored. */
async function addFiles(
  email: string,
  before: AttachmentRef[],
  sent: { name: string; bytes: Uint8Array }[],
): Promise<{ refs: AttachmentRef[] } | { error: string; status: 400 | 413 }> {
  const read = await readFiles(sent);
  if (read.fieldErrors) return { error: read.fieldErrors[ATTACHMENT_FIELD] ?? "These files cannot be added.", status: read.status ?? 400 };
  if (read.files.length === 0) return { error: "Choose one or more files to add.", status: 400 };
  if (before.length + read.files.length > projectLimits.files) {
    const left = projectLimits.files - before.length;
    return {
      error: `A project keeps at most ${projectLimits.files} files (it has ${before.length}): ${left > 0 ? `add at most ${left}` : "remove one first"}.`,
      status: 400,
    };
  }
  const bytes = [...before, ...read.files].reduce((sum, file) => sum + file.bytes, 0);
  if (bytes > projectLimits.fileBytes) return { error: tooLarge, status: 413 };
  let files: ReadFile[];
  try {
    files = await readDocuments(read.files);
  } catch (error) {
    if (error instanceof InputError) return { error: error.message, status: 400 };
    throw error;
  }
  const owner = await accountOwner(email);
  const now = Date.now();
  const refs: AttachmentRef[] = [];
  for (const file of files) refs.push(await store(file, owner, now, PROJECT_FILES));
  return { refs };
}
