import { useEffect, useRef } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { chatAllowanceText, type ChatAllowance } from "~/shared/chat-allowance";

/**
 * What is left of the chat's allowance, from the page's loader: fresh after every post without
 * JavaScript, and re-read once a streamed reply has finished with it (useRevalidator re-runs the
 * page's loaders; reactrouter.com api/hooks/useRevalidator, read 2026-11-26).
 */
export function ChatAllowanceLine({ pending }: { pending: boolean }) {
  const allowance = useRouteLoaderData<{ allowance?: ChatAllowance }>("routes/conversational-ai")?.allowance;
  const { revalidate } = useRevalidator();
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) void revalidate();
    wasPending.current = pending;
  }, [pending, revalidate]);
  if (!allowance) return null;
  return (
    <p className="mt-2 text-xs text-slate-400" data-chat-allowance>
      {chatAllowanceText(allowance)}
    </p>
  );
}
