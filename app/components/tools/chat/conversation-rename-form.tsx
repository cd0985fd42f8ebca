import { limits } from "~/forms/limits";

// A conversation's rename form (docs/decisions/067), in its own module: the rename page's route
// imports it alone, so the browser gets neither the list nor the project panel with it. Its text
// field and small buttons are the project panel's too.

/** The list's and the project panel's small buttons. */
export const smallButtonClass =
  "rounded-md border border-white/15 px-2 py-0.5 text-xs font-medium text-slate-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400";

/** The rename form, in the list and on the rename page (where a refused title comes back with its message). */
export function RenameForm({ id, title, back, error }: { id: string; title: string; back: string; error?: string }) {
  const field = `rename-${id}`;
  return (
    <form method="post" action={`/conversations/${id}`} className="mt-2 grid grid-cols-1 gap-1.5">
      <input type="hidden" name="return" value={back} />
      <PanelTextField id={field} name="title" label="New title" value={title} maxLength={limits.conversationTitle} error={error} />
      <button type="submit" name="intent" value="rename" className={`${smallButtonClass} justify-self-start`}>
        Save title
      </button>
    </form>
  );
}

/** A labelled one-line field of the chat's side panel (a conversation's title, a project's name), its refusal under it. */
export function PanelTextField(props: { id: string; name: string; label: string; value?: string; maxLength: number; error?: string }) {
  const { id, name, label, value, maxLength, error } = props;
  return (
    <>
      <label htmlFor={id} className="text-xs font-medium text-slate-200">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        required
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-lg border border-white/15 bg-slate-950/60 px-2 py-1 text-sm text-slate-100"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </>
  );
}
