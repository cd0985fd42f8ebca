import type { ReactNode } from "react";

/**
 * 'Generate' and 'Edit' as two radio buttons in front of both panels. CSS shows the checked
 * mode's panel (no JavaScript needed), and both forms stay in the page, so switching back and
 * forth keeps what was typed in each.
 */
export function ImagineModes({ mode, generate, edit }: { mode: "generate" | "edit"; generate: ReactNode; edit: ReactNode }) {
  return (
    <div className="imagine-modes mt-10">
      <fieldset className="inline-flex">
        <legend className="sr-only">Mode</legend>
        <div className="inline-flex gap-1 rounded-xl border border-white/10 bg-slate-900/60 p-1">
          {(["generate", "edit"] as const).map((id) => (
            <ModeTab key={id} id={id} checked={mode === id} />
          ))}
        </div>
      </fieldset>
      <div>
        <section aria-label="Generate an image" className="imagine-panel-generate">
          {generate}
        </section>
        <section aria-label="Edit an image" className="imagine-panel-edit">
          {edit}
        </section>
      </div>
    </div>
  );
}

// Tailwind needs whole class names in the source: one set per named peer.
const tabLook = {
  generate:
    "peer-checked/generate:bg-gradient-to-r peer-checked/generate:from-pink-600 peer-checked/generate:to-rose-600 peer-checked/generate:text-white peer-focus-visible/generate:outline-2 peer-focus-visible/generate:outline-offset-2 peer-focus-visible/generate:outline-pink-400",
  edit: "peer-checked/edit:bg-gradient-to-r peer-checked/edit:from-pink-600 peer-checked/edit:to-rose-600 peer-checked/edit:text-white peer-focus-visible/edit:outline-2 peer-focus-visible/edit:outline-offset-2 peer-focus-visible/edit:outline-pink-400",
};

function ModeTab({ id, checked }: { id: "generate" | "edit"; checked: boolean }) {
  return (
    <>
      <input
        type="radio"
        name="imagine-mode"
        id={`imagine-mode-${id}`}
        value={id}
        defaultChecked={checked}
        className={`${id === "generate" ? "peer/generate" : "peer/edit"} sr-only`}
      />
      <label
        htmlFor={`imagine-mode-${id}`}
        className={`cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold text-slate-300 transition hover:text-white ${tabLook[id]}`}
      >
        {id === "generate" ? "Generate" : "Edit"}
      </label>
    </>
  );
}
