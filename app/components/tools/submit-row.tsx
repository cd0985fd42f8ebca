import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CharacterCount } from "./form-parts";
import { useToolForm, type FormToolId } from "./tool-form";

// Tailwind needs whole class names in the source: each form tool's colours (DESIGN.md: one
// gradient per tool), a shade darker on the button than on the tool's icon (content/tools.ts).
const buttonGradients: Record<FormToolId, string> = {
  detector: "from-blue-600 to-cyan-600",
  humanizer: "from-emerald-600 to-teal-600",
  writer: "from-violet-600 to-purple-600",
  voiceover: "from-orange-600 to-amber-600",
  imagine: "from-pink-600 to-rose-600",
};

type SubmitButtonProps = {
  label: string;
  busyLabel: string;
  /** The icon's path (lucide-paths.ts), drawn while the action is not running. */
  icon: string;
};

/**
 * The tool's action button. It is only disabled once JavaScript runs: a server-rendered disabled
 * button could never be pressed with JavaScript off. Nothing to send while the main text is blank
 * after trimming (spec §4).
 */
export function SubmitButton({ label, busyLabel, icon }: SubmitButtonProps) {
  const hydrated = useHydrated();
  const { tool, busy, text, document } = useToolForm();
  // A chosen document stands in for the text.
  const blank = text.value.trim() === "" && !document?.name;
  return (
    <button
      type="submit"
      disabled={hydrated && (busy || blank)}
      aria-disabled={hydrated && (busy || blank)}
      className={`inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r ${buttonGradients[tool]} px-6 py-3 font-semibold text-white shadow-lg transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:brightness-100`}
    >
      {busy ? (
        <span
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          aria-hidden="true"
        />
      ) : (
        <Icon path={icon} className="size-5" />
      )}
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * The main text's count beside the submit button. `countId` where the count's id is not the
 * form's own (`${tool}-count`).
 */
export function SubmitRow({ className, countId, ...button }: SubmitButtonProps & { className?: string; countId?: string }) {
  return (
    <div className={`${className ? `${className} ` : ""}flex flex-wrap items-center justify-between gap-3`}>
      <CharacterCount id={countId} />
      <SubmitButton {...button} />
    </div>
  );
}
