import type { ToolId } from "~/content/tools";
import { toolById } from "~/content/tools";
import type { ConnectionStatus } from "~/shared/ai-types";
import { StatusLine } from "~/components/ui/status-line";
import { ToolIcon } from "~/components/ui/tool-icon";

/** The frame every tool screen starts with: status line, badge, heading, subtitle (spec §2). */
export function ToolHeader({ toolId, status }: { toolId: ToolId; status: ConnectionStatus }) {
  const tool = toolById(toolId);
  return (
    <header className="flex flex-col items-center text-center">
      <StatusLine status={status} />
      <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-white/10 bg-slate-900/80 py-1 pl-1 pr-4 text-sm font-medium text-slate-200">
        <ToolIcon tool={tool} size="sm" />
        {tool.badge}
      </p>
      <h1 className="mt-5 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl">{tool.heading}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-300">{tool.subtitle}</p>
    </header>
  );
}

export function toolMeta(toolId: ToolId) {
  const tool = toolById(toolId);
  return [{ title: `${tool.heading} · ContentForge AI` }, { name: "description", content: tool.description }];
}
