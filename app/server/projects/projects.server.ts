import { readAttachmentRef, type AttachmentRef } from "~/forms/chat-attachments";
import { projectLimits } from "~/forms/project-limits";
import { isoTime, nowSeconds } from "../clock.server";
import type { ProjectsRow } from "../data/rows.server";
import { serverEnv } from "../env.server";
import { randomId } from "../account/secure-random.server";
import { fileObjectKey, PROJECT_FILES } from "../tools/chat-file-store.server";

// The `projects` table (docs/decisions/071): a subscriber's chat projects. Every statement names the
// account, but the chat turn's lookup, which checks the owner itself (project-turn.server.ts). A
// project's files are R2 objects its `files` column names; deletion goes through the table registry.

export type Project = { id: string; name: string; instructions: string; files: AttachmentRef[]; updatedAt: number };
export type ProjectSummary = Pick<Project, "id" | "name">;

const db = () => serverEnv().DB;

/** The carried refs of a row's `files` column (anything unreadable is left out). */
export function projectFilesOf(files: string | null | undefined): AttachmentRef[] {
  try {
    const parsed: unknown = JSON.parse(files ?? "[]");
    return Array.isArray(parsed) ? parsed.flatMap((value) => readAttachmentRef(value) ?? []) : [];
  } catch {
    return [];
  }
}

/** The R2 keys of a project's files, from its row's `files` column (for the table registry). */
export const projectFileKeys = (files: string | null | undefined) =>
  projectFilesOf(files).map((ref) => fileObjectKey(ref.id, PROJECT_FILES));

const projectOf = (row: ProjectsRow): Project => ({
  id: row.id,
  name: row.name,
  instructions: row.instructions,
  files: projectFilesOf(row.files),
  updatedAt: row.updated_at,
});

/** A new project, or undefined when the account already has as many as it may keep (one conditional insert). */
export async function createProject(email: string, name: string, instructions: string, now = nowSeconds()): Promise<string | undefined> {
  const id = randomId();
  const row = await db()
    .prepare(
      `INSERT INTO projects (id, email, name, instructions, files, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, '[]', ?5, ?5 WHERE (SELECT COUNT(*) FROM projects WHERE email = ?2) < ?6 RETURNING id`,
    )
    .bind(id, email, name, instructions, now, projectLimits.perAccount)
    .first<Pick<ProjectsRow, "id">>();
  return row?.id;
}

/** The account's projects, the last changed first. */
export async function listProjects(email: string): Promise<ProjectSummary[]> {
  const { results } = await db()
    .prepare(`SELECT id, name FROM projects WHERE email = ? ORDER BY updated_at DESC, created_at DESC LIMIT ${projectLimits.perAccount}`)
    .bind(email)
    .all<Pick<ProjectsRow, "id" | "name">>();
  return results;
}

/** The account's project, or undefined: another account's id is as unknown as a made-up one. */
export async function findProject(email: string, id: string): Promise<Project | undefined> {
  const row = await db().prepare("SELECT * FROM projects WHERE email = ? AND id = ?").bind(email, id).first<ProjectsRow>();
  return row ? projectOf(row) : undefined;
}

/** A project by id with its owner's address: the chat turn checks the owner by its files' owner hash. */
export async function findProjectWithOwner(id: string): Promise<(Project & { email: string }) | undefined> {
  const row = await db().prepare("SELECT * FROM projects WHERE id = ?").bind(id).first<ProjectsRow>();
  return row ? { ...projectOf(row), email: row.email } : undefined;
}

/** The project's text columns a subscriber edits on its panel. */
type EditableText = Pick<ProjectsRow, "name"> | Pick<ProjectsRow, "instructions">;

/** Renames the project or sets its instructions; false when it is not the caller's (or gone). */
export async function editProject(email: string, id: string, change: EditableText, now = nowSeconds()): Promise<boolean> {
  // The column comes from the type above, never from the request.
  const [column, value] = "name" in change ? ["name", change.name] : ["instructions", change.instructions];
  const result = await db()
    .prepare(`UPDATE projects SET ${column} = ?3, updated_at = ?4 WHERE email = ?1 AND id = ?2`)
    .bind(email, id, value, now)
    .run();
  return result.meta.changes > 0;
}

/**
 * Replaces the project's files if they are still `before` (compare and set): two tabs adding files
 * at once cannot both pass the limit or lose each other's. False when the project changed meanwhile.
 */
export async function replaceProjectFiles(
  email: string,
  id: string,
  before: readonly AttachmentRef[],
  after: readonly AttachmentRef[],
  now = nowSeconds(),
): Promise<boolean> {
  const row = await db()
    .prepare("SELECT files FROM projects WHERE email = ?1 AND id = ?2")
    .bind(email, id)
    .first<Pick<ProjectsRow, "files">>();
  if (!row || JSON.stringify(projectFilesOf(row.files)) !== JSON.stringify(before)) return false;
  const result = await db()
    .prepare("UPDATE projects SET files = ?4, updated_at = ?5 WHERE email = ?1 AND id = ?2 AND files = ?3")
    .bind(email, id, row.files, JSON.stringify(after), now)
    .run();
  return result.meta.changes > 0;
}

/** 'Export my data': each project with its instructions and its files' descriptions. */
export async function exportedProjects(email: string) {
  const { results } = await db().prepare("SELECT * FROM projects WHERE email = ? ORDER BY created_at").bind(email).all<ProjectsRow>();
  return results.map((row) => ({
    id: row.id,
    name: row.name,
    instructions: row.instructions,
    files: projectFilesOf(row.files).map(({ id: _id, ...file }) => file),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  }));
}
