import type { Tool } from "~/content/tools";

// The explorer's 'Tool Demo Preview' (spec §2): a still sketch of what the selected tool's screen
// does, input on the left and what comes back on the right, instead of an empty box. Drawn with
// plain elements (no images, no script); the words are illustrations, marked as a sample.

const line = "h-2 rounded-full bg-white/15";

function Pane({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 flex-1 rounded-lg border border-white/10 bg-slate-900/80 p-3 text-left">
      <p className="text-[11px] font-semibold uppercase tracking-wider text-slate-300">{title}</p>
      <div className="mt-2 grid gap-1.5 text-xs text-slate-200">{children}</div>
    </div>
  );
}

function Lines({ widths }: { widths: string[] }) {
  return (
    <>
      {widths.map((width, index) => (
        <span key={index} className={`${line} ${width}`} />
      ))}
    </>
  );
}

const previews: Record<string, { input: React.ReactNode; output: React.ReactNode; inputTitle: string; outputTitle: string }> = {
  detector: {
    inputTitle: "Your text",
    input: <Lines widths={["w-full", "w-11/12", "w-full", "w-2/3"]} />,
    outputTitle: "Analysis",
    output: (
      <>
        <span>AI Probability: 82%</span>
        <span className="h-2 overflow-hidden rounded-full bg-white/10">
          <span className="block h-full w-4/5 rounded-full bg-gradient-to-r from-blue-500 to-cyan-400" />
        </span>
        <Lines widths={["w-full", "w-3/4"]} />
      </>
    ),
  },
  humanizer: {
    inputTitle: "Original AI Text",
    input: <span>It is important to note that we utilize innovative tools.</span>,
    outputTitle: "Humanized Version",
    output: <span>We use new tools, and they work.</span>,
  },
  writer: {
    inputTitle: "Blog Post",
    input: <span>How to start a newsletter</span>,
    outputTitle: "Generated Content",
    output: (
      <>
        <span className="font-semibold text-white">Start small, write often</span>
        <Lines widths={["w-full", "w-11/12", "w-4/5"]} />
      </>
    ),
  },
  voiceover: {
    inputTitle: "Script",
    input: <span>Welcome to our product tour.</span>,
    outputTitle: "Generated Speech",
    output: (
      <span className="flex h-8 items-end gap-0.5" aria-hidden="true">
        {[3, 6, 4, 8, 5, 7, 3, 6, 8, 4, 6, 3, 5, 7, 4].map((height, index) => (
          <span
            key={index}
            className="w-1.5 rounded-sm bg-gradient-to-t from-orange-500 to-amber-300"
            style={{ height: `${height * 12}%` }}
          />
        ))}
      </span>
    ),
  },
  imagine: {
    inputTitle: "Describe your image",
    input: <span>A lighthouse at dawn, realistic</span>,
    outputTitle: "Generated Image",
    output: <span className="block aspect-[3/2] rounded-md bg-gradient-to-br from-pink-500 via-rose-400 to-amber-300" />,
  },
  chat: {
    inputTitle: "You",
    input: <span>Three blog titles about remote work?</span>,
    outputTitle: "AI",
    output: (
      <>
        <span>1. Home Is the New Office</span>
        <span>2. Async by Default</span>
      </>
    ),
  },
};

export function ToolPreview({ tool }: { tool: Tool }) {
  const preview = previews[tool.id];
  return (
    <div className="relative flex w-full flex-col gap-3 p-4 sm:p-6">
      <p className="text-sm font-semibold tracking-wide text-slate-100">
        Tool Demo Preview <span className="font-normal text-slate-300">· sample</span>
      </p>
      {preview ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Pane title={preview.inputTitle}>{preview.input}</Pane>
          <Pane title={preview.outputTitle}>{preview.output}</Pane>
        </div>
      ) : null}
    </div>
  );
}
