import { ATTACHMENT_FIELD, attachmentAccept, attachmentTypesLabel, formatBytes } from "~/forms/chat-attachments";
import { projectLimits } from "~/forms/project-limits";
import type { ProjectFormState, ProjectView } from "~/shared/conversation-summary";
import { FieldError } from "../form-parts";
import { PanelTextField, smallButtonClass } from "./conversation-rename-form";

// A subscriber's chat projects in the list beside the chat (docs/decisions/071), rendered to HTML by
// the server with the conversation list (no client JavaScript): the projects as links, a form to
// make one, and the open project's panel (rename, instructions, files, delete). Every form is a
// plain POST to /conversational-ai?project, answered with a 303 back to the project; a refused one
// comes back with its message beside the field and what was typed.

export const PROJECT_FORMS_ACTION = "/conversational-ai?project";

/** A panel form's address also names the project open, so a refusal comes back with the project shown. */
const panelAction = (id: string) => `${PROJECT_FORMS_ACTION}&p=${id}`;

const fieldClass = "rounded-lg border border-white/15 bg-slate-950/60 px-2 py-1 text-sm text-slate-100";
const labelClass = "text-xs font-medium text-slate-200";

/** The account's projects and the form that makes one. */
export function ProjectsNav({
  projects,
  openId,
  form,
}: {
  projects: { id: string; name: string }[];
  openId?: string;
  form?: ProjectFormState;
}) {
  const refused = form?.intent === "create" ? form : undefined;
  return (
    <section aria-labelledby="projects-heading" className="grid grid-cols-1 gap-2">
      <h2 id="projects-heading" className="font-semibold text-white">
        Projects
      </h2>
      {projects.length ? (
        <ul className="grid grid-cols-1 gap-1">
          {projects.map((project) => (
            <li key={project.id}>
              <a
                href={`/conversational-ai?p=${project.id}`}
                aria-current={project.id === openId ? "page" : undefined}
                className={`block break-words rounded-md px-2 py-1 text-sm text-slate-100 underline-offset-4 hover:underline ${project.id === openId ? "bg-violet-500/15" : ""}`}
              >
                {project.name}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-300">A project keeps instructions and files that every chat in it uses.</p>
      )}
      <details open={refused ? true : undefined}>
        <summary className={`${smallButtonClass} inline-block cursor-pointer`}>New project</summary>
        <form method="post" action={PROJECT_FORMS_ACTION} className="mt-2 grid grid-cols-1 gap-1.5">
          <NameField id="project-new-name" value={refused?.values.name} error={refused?.field === "name" ? refused.error : undefined} />
          <InstructionsField
            id="project-new-instructions"
            value={refused?.values.instructions}
            error={refused?.field === "instructions" ? refused.error : undefined}
          />
          <FormError form={refused} fields={["name", "instructions"]} />
          <button type="submit" name="intent" value="create" className={`${smallButtonClass} justify-self-start`}>
            Create project
          </button>
        </form>
      </details>
    </section>
  );
}

/** The open project: its name, instructions and files, each changed by its own form, and Delete. */
export function ProjectPanel({ project, form }: { project: ProjectView; form?: ProjectFormState }) {
  const refused = (intent: string) => (form?.intent === intent ? form : undefined);
  const rename = refused("rename");
  const instructions = refused("instructions");
  const files = form && (form.intent === "add-files" || form.intent === "remove-file") ? form : undefined;
  return (
    <section aria-labelledby="project-heading" className="grid grid-cols-1 gap-3 rounded-lg border border-violet-400/30 p-3">
      <h2 id="project-heading" className="break-words font-semibold text-white">
        <span className="text-xs font-normal text-slate-300">Project · </span>
        {project.name}
      </h2>
      <p className="text-xs text-slate-300">New chats here follow its instructions and read its files.</p>
      <a href="/conversational-ai" className="text-sm text-violet-300 underline underline-offset-4 hover:text-violet-200">
        Leave the project
      </a>
      <details open={rename ? true : undefined}>
        <summary className={`${smallButtonClass} inline-block cursor-pointer`}>Rename project</summary>
        <form method="post" action={panelAction(project.id)} className="mt-2 grid grid-cols-1 gap-1.5">
          <input type="hidden" name="project" value={project.id} />
          <NameField id="project-name" value={rename?.values.name ?? project.name} error={rename?.error} />
          <button type="submit" name="intent" value="rename" className={`${smallButtonClass} justify-self-start`}>
            Save name
          </button>
        </form>
      </details>
      <form method="post" action={panelAction(project.id)} className="grid grid-cols-1 gap-1.5">
        <input type="hidden" name="project" value={project.id} />
        <InstructionsField
          id="project-instructions"
          value={instructions?.values.instructions ?? project.instructions}
          error={instructions?.error}
        />
        <button type="submit" name="intent" value="instructions" className={`${smallButtonClass} justify-self-start`}>
          Save instructions
        </button>
      </form>
      <fieldset className="grid grid-cols-1 gap-1.5" aria-describedby={files ? "project-files-error" : undefined}>
        <legend className={labelClass}>Files</legend>
        {project.files.length ? (
          <ul className="grid grid-cols-1 gap-1">
            {project.files.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center justify-between gap-1 text-xs text-slate-200">
                <span className="break-all">
                  {file.name} <span className="text-slate-400">({file.details})</span>
                </span>
                <form method="post" action={panelAction(project.id)}>
                  <input type="hidden" name="project" value={project.id} />
                  <input type="hidden" name="file" value={file.id} />
                  <button type="submit" name="intent" value="remove-file" className={smallButtonClass}>
                    Remove<span className="sr-only"> {file.name}</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-slate-300">No files yet.</p>
        )}
        <form method="post" action={panelAction(project.id)} encType="multipart/form-data" className="grid grid-cols-1 gap-1.5">
          <input type="hidden" name="project" value={project.id} />
          <label htmlFor="project-files" className={labelClass}>
            Add files
          </label>
          <input
            id="project-files"
            type="file"
            name={ATTACHMENT_FIELD}
            multiple
            accept={attachmentAccept}
            aria-describedby="project-files-hint"
            aria-invalid={files ? true : undefined}
            className="text-xs text-slate-200"
          />
          <p id="project-files-hint" className="text-xs text-slate-300">
            {`${attachmentTypesLabel}; at most ${projectLimits.files} files, ${formatBytes(projectLimits.fileBytes)} together.`}
          </p>
          <FieldError id="project-files-error" message={files?.error} />
          <button type="submit" name="intent" value="add-files" className={`${smallButtonClass} justify-self-start`}>
            Add files
          </button>
        </form>
      </fieldset>
      <details>
        <summary className={`${smallButtonClass} inline-block cursor-pointer`}>Delete project</summary>
        <form method="post" action={panelAction(project.id)} className="mt-2 grid grid-cols-1 gap-1.5">
          <input type="hidden" name="project" value={project.id} />
          <p className="text-xs text-slate-200">Its chats and files are deleted with it.</p>
          <button type="submit" name="intent" value="delete" className={`${smallButtonClass} justify-self-start`}>
            Delete “{project.name}”
          </button>
        </form>
      </details>
      <FormError
        form={form && !["create", "rename", "instructions", "add-files", "remove-file"].includes(form.intent) ? form : undefined}
      />
    </section>
  );
}

/** A project's name, as it is made and renamed. */
function NameField({ id, value, error }: { id: string; value?: string; error?: string }) {
  return <PanelTextField id={id} name="name" label="Project name" value={value} maxLength={projectLimits.name} error={error} />;
}

function InstructionsField({ id, value, error }: { id: string; value?: string; error?: string }) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        Instructions
      </label>
      <textarea
        id={id}
        name="instructions"
        defaultValue={value}
        rows={4}
        maxLength={projectLimits.instructions}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={fieldClass}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-300">
        {`Every chat in the project follows these, up to ${projectLimits.instructions.toLocaleString("en-US")} characters.`}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

/** A refusal that belongs to no field shown here (an unknown action, a project gone). */
function FormError({ form, fields = [] }: { form?: ProjectFormState; fields?: string[] }) {
  if (!form || fields.includes(form.field)) return null;
  return (
    <p role="alert" className="text-sm text-rose-300">
      {form.error}
    </p>
  );
}
