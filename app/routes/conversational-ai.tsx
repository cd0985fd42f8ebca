import { ToolHeader, toolMeta } from "~/components/tools/tool-header";
import { checkConnection } from "~/server/ai/connection.server";
import type { Route } from "./+types/conversational-ai";

export function meta() {
  return toolMeta("chat");
}

export async function loader() {
  return { status: await checkConnection() };
}

export default function ConversationalAi({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 pb-24 pt-28 sm:px-6 lg:px-8">
      <ToolHeader toolId="chat" status={loaderData.status} />
    </div>
  );
}
