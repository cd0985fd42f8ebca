import type { ConnectionStatus } from "~/shared/ai-types";

/**
 * The spec's status line: a green dot and 'AI Service Connected', or red with the error in
 * brackets, for the AI provider. The built-in offline engine is no AI service: it gets its own
 * amber state and one line on what that means, so nobody mistakes it for a large language model.
 */
export function StatusLine({ status }: { status: ConnectionStatus }) {
  if (status.connected && status.offline) {
    return (
      <p role="status" className="inline-flex max-w-2xl flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm text-slate-300">
        <span aria-hidden="true" className="size-2.5 rounded-full bg-amber-400 shadow-[0_0_8px] shadow-amber-400/60" />
        <span className="font-medium text-amber-200">Offline demo engine</span>
        <span className="text-slate-400">
          · no AI provider is connected: small built-in models answer, simpler than a large language model
        </span>
      </p>
    );
  }
  return (
    <p role="status" className="inline-flex flex-wrap items-center gap-2 text-sm text-slate-300">
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${status.connected ? "bg-emerald-400 shadow-[0_0_8px] shadow-emerald-400/70" : "bg-rose-500"}`}
      />
      {status.connected ? (
        <span className="font-medium text-emerald-300">AI Service Connected</span>
      ) : (
        <span className="font-medium text-rose-300">
          AI Service Unavailable <span className="font-normal">({status.error})</span>
        </span>
      )}
      <span className="text-slate-400">· {status.engine}</span>
    </p>
  );
}
