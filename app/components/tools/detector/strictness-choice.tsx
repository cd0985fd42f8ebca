import { RadioOptions } from "~/components/ui/radio-options";
import { DEFAULT_STRICTNESS, isStrictness, STRICTNESS_LEVELS, strictnessLevels } from "~/shared/strictness";
import { FieldError } from "../form-parts";
import { choiceCardText } from "../tool-form-fields";

const options = STRICTNESS_LEVELS.map((level) => ({
  id: level,
  name: strictnessLevels[level].label,
  description: `Aims at ${strictnessLevels[level].aim}.`,
  descriptionId: `strictness-${level}-aim`,
}));

/**
 * The 'Strictness' radios of the detector's forms (the page's and the batch's): how cautious the
 * verdict is, each level with its aim. Plain radios, so the choice is sent without JavaScript.
 * `answered` is the level of the last answer (kept after a result or an error); an unknown one
 * falls back to the default, and its error shows under the group.
 */
export function StrictnessChoice({ answered, error, disabled }: { answered?: string; error?: string; disabled?: boolean }) {
  return (
    <fieldset disabled={disabled} aria-describedby={error ? "strictness-error" : undefined}>
      <legend className="font-semibold text-white">Strictness</legend>
      <p className="mt-1 text-sm text-slate-400">How sure the detector must be before it says 'Likely AI'.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <RadioOptions
          name="strictness"
          options={options}
          selected={isStrictness(answered) ? answered : DEFAULT_STRICTNESS}
          boxClassName="block h-full rounded-xl border border-white/10 bg-slate-950/40 p-3 transition hover:bg-white/5 peer-checked:border-cyan-400 peer-checked:bg-cyan-500/15 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-cyan-400"
        >
          {choiceCardText}
        </RadioOptions>
      </div>
      <FieldError id="strictness-error" message={error} />
    </fieldset>
  );
}
