import { RadioOptions } from "~/components/ui/radio-options";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { chatAssistants, chatTones, defaultChatTone, type ChatAssistantId } from "~/content/chat";

const assistantIcons: Record<ChatAssistantId, string> = {
  general: icons.bot,
  strategist: icons.compass,
  editor: icons.spellCheck,
  social: icons.megaphone,
};

/** The chat's assistant and tone, each a row of radio cards in its own fieldset. */
export function AssistantAndTone({
  assistant,
  onAssistant,
  tone,
  disabled,
}: {
  assistant: string;
  onAssistant: (assistant: string) => void;
  tone: string | undefined;
  disabled: boolean;
}) {
  return (
    <>
      <fieldset disabled={disabled} className="min-w-0">
        <legend className="font-semibold text-white">Assistant</legend>
        {/* On a phone one scrolling row of names; from sm up, cards with their descriptions. */}
        <div className="-mx-1 mt-3 flex gap-2 overflow-x-auto px-1 pb-1 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4">
          <RadioOptions
            name="assistant"
            options={chatAssistants}
            selected={assistant}
            onSelect={onAssistant}
            className="relative shrink-0"
            boxClassName="flex h-full items-center gap-2 rounded-xl border border-white/10 bg-slate-950/40 px-3 py-2 transition sm:flex-col sm:items-start sm:p-4 peer-checked:border-sky-400 peer-checked:bg-indigo-500/20 peer-checked:shadow-[0_0_0_1px] peer-checked:shadow-sky-400/60 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-400 hover:bg-white/5"
          >
            {(option) => (
              <>
                <span
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-sky-500 sm:size-9"
                  aria-hidden="true"
                >
                  <Icon path={assistantIcons[option.id]} className="size-5 text-white" />
                </span>
                <span className="whitespace-nowrap font-semibold text-white sm:whitespace-normal">{option.name}</span>
                <span className="sr-only text-sm text-slate-300 sm:not-sr-only">{option.description}</span>
              </>
            )}
          </RadioOptions>
        </div>
      </fieldset>

      <fieldset disabled={disabled} className="mt-6 min-w-0">
        <legend className="font-semibold text-white">Tone</legend>
        <div className="-mx-1 mt-3 flex gap-2 overflow-x-auto px-1 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
          <RadioOptions
            name="tone"
            options={chatTones}
            selected={tone ?? defaultChatTone}
            className="relative shrink-0"
            boxClassName="inline-flex flex-col rounded-xl border border-white/15 px-4 py-2 text-sm transition peer-checked:border-sky-400 peer-checked:bg-indigo-500/20 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-400 hover:bg-white/5"
          >
            {(tone) => (
              <>
                <span className="font-medium text-white">{tone.name}</span>
                <span className="sr-only text-slate-300 sm:not-sr-only">{tone.description}</span>
              </>
            )}
          </RadioOptions>
        </div>
      </fieldset>
    </>
  );
}
