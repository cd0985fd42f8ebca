import { useRouteLoaderData } from "react-router";
import { chatAllowanceText, type ChatAllowance } from "~/shared/chat-allowance";

/**
 * What is left of the chat's allowance: from the page's loader (fresh after every post without
 * JavaScript), or, once a streamed reply is complete, what its `done` event said.
 */
export function ChatAllowanceLine({ latest }: { latest?: ChatAllowance }) {
  const loaded = useRouteLoaderData<{ allowance?: ChatAllowance }>("routes/conversational-ai")?.allowance;
  const allowance = latest ?? loaded;
  if (!allowance) return null;
  return (
    <p className="mt-2 text-xs text-slate-400" data-chat-allowance>
      {chatAllowanceText(allowance)}
    </p>
  );
}
