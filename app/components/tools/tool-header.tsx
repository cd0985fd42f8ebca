import type { ComponentType, ReactNode } from "react";
import type { ToolId } from "~/content/tools";
import { toolById } from "~/content/tools";
import type { ConnectionStatus } from "~/shared/ai-types";
import { pageMeta } from "~/components/layout/page-meta";
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

/** A tool's page: its header, then the screen, at the width the screen needs (the humanizer's two panes: wide). */
export function ToolPage({
  toolId,
  status,
  wide,
  children,
}: {
  toolId: ToolId;
  status: ConnectionStatus;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${wide ? "max-w-6xl" : "max-w-5xl"} px-4 pb-24 pt-28 sm:px-6 lg:px-8`}>
      <ToolHeader toolId={toolId} status={status} />
      {children}
    </div>
  );
}

type ToolRouteProps = { loaderData: { status: ConnectionStatus }; actionData?: unknown };

/**
 * The component of a tool route whose page is the tool's screen alone: `Props` is the route's
 * `Route.ComponentProps`, so the screen must take that route's action data.
 */
export function toolPage<Props extends ToolRouteProps>(
  toolId: ToolId,
  Screen: ComponentType<{ actionData?: Props["actionData"]; status?: ConnectionStatus }>,
  { wide = false } = {},
) {
  return function ToolRoute({ loaderData, actionData }: Props) {
    return (
      <ToolPage toolId={toolId} status={loaderData.status} wide={wide}>
        <Screen actionData={actionData} status={loaderData.status} />
      </ToolPage>
    );
  };
}

export function toolMeta(toolId: ToolId) {
  const tool = toolById(toolId);
  return pageMeta(tool.heading, tool.description);
}
