import { useRef, useState } from "react";
import { DemoModal, SignInLink } from "~/components/ui/demo-modal";
import { usePreloadMotion } from "~/components/ui/fade-up";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { defaultVoice, formatSliderValue, speechSliders, voices, type SpeechSlider } from "~/content/media-catalogs";
import { mediaLimits } from "~/forms/media-limits";
import type { FormValues, ToolActionData } from "~/shared/tool-action-data";
import { Card, CharacterCount, FieldError, FieldLabel } from "../form-parts";
import { ChoiceCards, MainTextArea } from "../tool-form-fields";
import { SubmitButton } from "../submit-row";
import { useToolState } from "../tool-state";
import { ToolResult } from "../tool-result";
import { ToolForm, useMainText } from "../tool-form";
import { useKeptInSession } from "../use-kept-in-session";
import { useValueTypedBeforeHydration } from "../use-value-typed-before-hydration";

export type VoiceoverResult = { url: string; contentType: string; fileName: string; notice?: string };

const sliderOrder: SpeechSlider[] = ["speed", "pitch", "emotion"];

/** A submitted slider value when it is a number within range; otherwise the default (spec §5). */
function startingValue(slider: SpeechSlider, values?: FormValues): number {
  const { min, max, default: fallback } = speechSliders[slider];
  const value = Number(values?.[slider]);
  return values?.[slider] !== undefined && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

/** Spec §2 tool 4: the text, a voice picker, Speed/Pitch/Emotion sliders, 'Generate Speech', the audio. */
export function VoiceoverTool({ actionData }: { actionData?: ToolActionData<VoiceoverResult> }) {
  const state = useToolState(actionData);
  const { busy, shown, result, fieldErrors } = state;
  usePreloadMotion();
  const text = useMainText(actionData?.values.text, mediaLimits.speechText);
  const [sliders, setSliders] = useState(
    () =>
      Object.fromEntries(sliderOrder.map((slider) => [slider, startingValue(slider, actionData?.values)])) as Record<SpeechSlider, number>,
  );
  const selectedVoice = actionData?.values.voice ?? defaultVoice;
  // 'View pricing' leaves the page: Back finds the script and the audio again. Without
  // JavaScript the browser's history does it (decision 038).
  const [keptResult, setKeptResult] = useState<VoiceoverResult>();
  const shownResult = result ?? (busy || shown ? undefined : keptResult);
  useKeptInSession(
    "voiceover-ai",
    { text: text.value, result: shownResult },
    (saved) => {
      if (saved.text) text.onChange(saved.text);
      if (saved.result) setKeptResult(saved.result);
    },
    !actionData,
  );

  return (
    <>
      <ToolForm tool="voiceover" state={state} text={text} className="mt-10 grid gap-6">
        <Card>
          <MainTextArea label="Text to speak" rows={6} placeholder="Type or paste the script you want to hear..." />
          <div className="mt-3">
            <CharacterCount />
          </div>
        </Card>

        <Card>
          <ChoiceCards
            legend="Voice"
            name="voice"
            options={voices.map((voice) => ({
              id: voice.id,
              name: voice.name,
              description: `${voice.lang} · ${voice.type === "female" ? "Female" : "Male"} · ${voice.accent} accent`,
              descriptionId: `voice-${voice.id}-details`,
            }))}
            selected={selectedVoice}
          />

          <div className="mt-6 grid gap-5 md:grid-cols-3">
            {sliderOrder.map((slider) => (
              <SliderField
                key={slider}
                slider={slider}
                value={sliders[slider]}
                onChange={(value) => setSliders((current) => ({ ...current, [slider]: value }))}
                busy={busy}
                error={fieldErrors[slider]}
              />
            ))}
          </div>

          <div className="mt-6 flex justify-end">
            <SubmitButton label="Generate Speech" busyLabel="Generating..." icon={icons.audioLines} />
          </div>
        </Card>
      </ToolForm>

      <ToolResult
        state={state}
        result={shownResult}
        busyText="Generating speech..."
        title="Generated Speech"
        actions={(result) => (
          <a
            href={result.url}
            download={result.fileName}
            className="inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5"
          >
            <Icon path={icons.download} className="size-4" />
            Download audio
          </a>
        )}
      >
        {(result, aiLabelId) => (
          <>
            <audio
              controls
              preload="metadata"
              src={result.url}
              className="mt-4 w-full"
              aria-label="Generated speech"
              aria-describedby={aiLabelId}
            >
              <a href={result.url}>Play the generated speech</a>
            </audio>
            {result.notice ? <p className="mt-3 text-sm text-slate-400">{result.notice}</p> : null}
          </>
        )}
      </ToolResult>

      <DemoModal answer={actionData} busy={busy} buttonLabel="View pricing" buttonTo="/pricing">
        Please <SignInLink>Signin</SignInLink> to get your custom voiceover results!
      </DemoModal>
    </>
  );
}

/** Speed, Pitch or Emotion: a range input with its value shown beside the label. */
function SliderField({
  slider,
  value,
  onChange,
  busy,
  error,
}: {
  slider: SpeechSlider;
  value: number;
  onChange: (value: number) => void;
  busy: boolean;
  error?: string;
}) {
  const { label, min, max, step } = speechSliders[slider];
  const id = `voiceover-${slider}`;
  const field = useRef<HTMLInputElement>(null);
  // A slider moved before the page hydrated keeps its position (hydrate-after-paint.server.ts).
  useValueTypedBeforeHydration(field, String(value), (moved) => onChange(Number(moved)));
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <output htmlFor={id} className="tabular-nums text-orange-200">
          {formatSliderValue(slider, value)}
        </output>
      </div>
      <input
        ref={field}
        id={id}
        type="range"
        name={slider}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        disabled={busy}
        aria-valuetext={formatSliderValue(slider, value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className="w-full accent-orange-500"
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
