import type { ReactNode } from "react";
import { FadeUp } from "~/components/ui/fade-up";
import { Card } from "./form-parts";

/** A tool's result as it arrives (it fades up): a card, its heading beside its actions (copy, download, edit). */
export function ResultPanel({ title, actions, children }: { title: string; actions: ReactNode; children: ReactNode }) {
  return (
    <FadeUp>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-white">{title}</h2>
          {actions}
        </div>
        {children}
      </Card>
    </FadeUp>
  );
}
