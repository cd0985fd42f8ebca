import type { ReactNode } from "react";
import { AiGeneratedLabel } from "~/components/ui/ai-generated-label";
import { FadeUp } from "~/components/ui/fade-up";
import { Card } from "./form-parts";

/**
 * A tool's result as it arrives (it fades up): a card, its heading beside its actions (copy,
 * download, edit), and with `aiLabelId` the 'AI-generated' label the result points at
 * (`aria-describedby`).
 */
export function ResultPanel({
  title,
  actions,
  aiLabelId,
  children,
}: {
  title: string;
  actions: ReactNode;
  aiLabelId?: string;
  children: ReactNode;
}) {
  return (
    <FadeUp>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-white">{title}</h2>
          {actions}
        </div>
        {aiLabelId ? <AiGeneratedLabel id={aiLabelId} explain className="mt-3" /> : null}
        {children}
      </Card>
    </FadeUp>
  );
}
