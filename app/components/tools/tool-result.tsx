import { useId, type ReactNode } from "react";
import { AiGeneratedLabel } from "~/components/ui/ai-generated-label";
import { FadeUp } from "~/components/ui/fade-up";
import type { ToolActionData } from "~/shared/tool-action-data";
import { ActionError, Card } from "./form-parts";

/** From useToolState: the error (with the way on after a limit, UpgradeLink), the busy state and the result. */
export type ToolResultState<Result> = { busy: boolean; error?: string; shown?: ToolActionData<unknown>; result?: Result };

type ToolResultProps<Result> = {
  state: ToolResultState<Result>;
  /** The note while the action runs, where the tool has one. */
  busyText?: string;
  /** The result shown, where it is not the answer's (one kept from before). */
  result?: Result;
  title: string;
  actions: (result: Result) => ReactNode;
  /** The result itself; `aiLabelId` is the 'AI-generated' label's id, for its `aria-describedby`. */
  children: (result: Result, aiLabelId: string) => ReactNode;
};

/**
 * Below a tool's form (the writer, voiceover, image generation, image editing), in one polite live
 * region: the error, the busy note, then the result as it arrives (it fades up): a card, its
 * heading beside its actions, and the 'AI-generated' label the result points at.
 */
export function ToolResult<Result>({ state, busyText, result = state.result, title, actions, children }: ToolResultProps<Result>) {
  const aiLabelId = useId();
  return (
    <div className="mt-6" aria-live="polite">
      <ActionError message={state.error} answer={state.shown} />
      {state.busy && busyText ? (
        <Card>
          <p className="text-slate-300">{busyText}</p>
        </Card>
      ) : null}
      {result ? (
        <FadeUp>
          <Card>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-xl font-semibold text-white">{title}</h2>
              {actions(result)}
            </div>
            <AiGeneratedLabel id={aiLabelId} explain className="mt-3" />
            {children(result, aiLabelId)}
          </Card>
        </FadeUp>
      ) : null}
    </div>
  );
}
