import type { ConnectionStatus } from "~/server/ai/types";

/** The spec's status line: a green dot and 'AI Service Connected', or red with the error in brackets. */
export function StatusLine({ status }: { status: ConnectionStatus }) {
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
