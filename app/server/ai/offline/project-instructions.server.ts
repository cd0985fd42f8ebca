import type { ChatProject } from "~/shared/ai-types";

// What the offline chat does with a project's instructions (docs/decisions/071). It has no model to
// follow free text, so it follows one kind of instruction, deterministically, and says what it got:
// "Start every reply with <word>" (also "each reply/answer/response", "begin", quoted or not) puts
// that word first; the reply then names the project and its files. Anything else it cannot follow,
// and says so, rather than pretending.

const START_WITH =
  /\b(?:start|begin)\s+(?:every|each|all|your)?\s*(?:of\s+your\s+)?(?:reply|replies|answer|answers|response|responses)\s+with\s+(?:the\s+word\s+)?["“'‘]?([\p{L}\p{N}][\p{L}\p{N}'’-]*)/iu;

/** A name inside Markdown emphasis: its own markup characters left out. */
const plain = (name: string) => name.replace(/[*_`[\]\\<>]/g, "");

/** The word every reply must start with, if the instructions ask for one. */
export function requiredOpening(instructions: string): string | undefined {
  return START_WITH.exec(instructions)?.[1];
}

/** The reply as the project asks for it, with a line saying which project's instructions and files it received. */
export function projectPreface(project: ChatProject, reply: string): string {
  const opening = requiredOpening(project.instructions);
  const files = project.files.length
    ? ` and its ${project.files.length === 1 ? "file" : `${project.files.length} files`} (${project.files.map((file) => `**${plain(file.name)}**`).join(", ")})`
    : "";
  const followed = opening
    ? `As the project's instructions ask, this reply starts with "${opening}".`
    : project.instructions
      ? 'The offline demo engine cannot follow free-form instructions; it follows only "Start every reply with" and a word.'
      : "";
  const received = project.instructions ? `its instructions${files}` : files ? files.replace(/^ and /, "") : "no instructions or files";
  const about = `In the project **${plain(project.name)}**: the offline demo engine received ${received}. ${followed}`.trim();
  return `${opening ? `${opening} ` : ""}${reply.replace(/\n\n(_[^\n]*_)$/, `\n\n${about}\n\n$1`)}`;
}
