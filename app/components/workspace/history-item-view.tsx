import { useId } from "react";
import { Form } from "react-router";
import { AiGeneratedBadge, AiGeneratedLabel } from "~/components/ui/ai-generated-label";
import { toolById, type ToolId } from "~/content/tools";
import { verdictCaptions } from "~/content/detector-verdict";
import { CopyButton } from "~/components/ui/copy-button";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";
import type { HistoryOutput } from "~/shared/history-output";
import type { ChatCitation } from "~/shared/ai-types";
import { imageDownload } from "~/shared/image-download";

type Shown = {
  id: string;
  tool: ToolId;
  input: Record<string, string>;
  output: HistoryOutput;
  html?: string;
  conversation?: { role: "user" | "assistant"; content: string; html?: string; citations?: ChatCitation[] }[];
  text: string;
  mediaGone?: boolean;
  /** A new conversation whose first reply is being written (decision 075). */
  writing?: string;
};

// Generated text also downloads in formats that carry its AI disclosure (history-download.server.ts).
const textFormats = [
  ["docx", "Word (.docx)"],
  ["html", "Web page (.html)"],
  ["md", "Markdown (.md)"],
] as const;

const cardClass = "mt-6 rounded-2xl border border-white/10 bg-slate-900/60 p-6";

/** The result as it was answered. */
export function HistoryResult({ item }: { item: Shown }) {
  const { output } = item;
  const imageFile = output.tool === "imagine" ? imageDownload(`/media/${output.mediaId}`, output.fileName) : undefined;
  // Everything but a detection is something the site generated; a chat labels each reply.
  const aiLabelId = useId();
  const labelled = output.tool !== "detector" && output.tool !== "chat" ? aiLabelId : undefined;
  return (
    <section aria-labelledby="result-heading" className={cardClass}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="result-heading" className="text-xl font-semibold text-white">
          Result
        </h2>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={item.text} />
          {item.mediaGone ? null : imageFile ? (
            <a href={imageFile.href} download={imageFile.download} className={secondaryButtonClass}>
              Download
            </a>
          ) : output.tool === "voiceover" ? (
            <a href={`/media/${output.mediaId}`} download={output.fileName} className={secondaryButtonClass}>
              Download
            </a>
          ) : (
            <a href={`/history/${item.id}/download`} className={secondaryButtonClass}>
              Download
            </a>
          )}
          {output.tool === "writer" || output.tool === "humanizer" || output.tool === "chat"
            ? textFormats.map(([format, label]) => (
                <a key={format} href={`/history/${item.id}/download?format=${format}`} className={secondaryButtonClass}>
                  {label}
                </a>
              ))
            : null}
        </div>
      </div>
      {labelled && !item.mediaGone ? <AiGeneratedLabel id={labelled} explain className="mt-3" /> : null}
      <div className="mt-4 text-slate-200">
        {output.tool === "detector" ? (
          <>
            {output.probability !== null ? (
              <p className="text-lg font-semibold text-white">
                AI Probability: {Math.round(output.probability)}%{output.verdict ? ` · ${verdictCaptions[output.verdict]}` : ""}
              </p>
            ) : null}
            <p className="mt-2 whitespace-pre-wrap">{output.report}</p>
          </>
        ) : output.tool === "humanizer" ? (
          <p aria-describedby={labelled} className="whitespace-pre-wrap">
            {output.text}
          </p>
        ) : output.tool === "writer" ? (
          <div
            aria-describedby={labelled}
            className="prose prose-invert max-w-none"
            dangerouslySetInnerHTML={{ __html: item.html ?? "" }}
          />
        ) : item.mediaGone ? (
          <p>
            This {output.tool === "imagine" ? "image" : "audio"} was kept for 30 days and has been deleted. Run it again to make a new one.
          </p>
        ) : output.tool === "imagine" ? (
          <img
            src={`/media/${output.mediaId}`}
            alt={output.alt ?? ""}
            width={output.width}
            height={output.height}
            aria-describedby={labelled}
            className="h-auto max-w-full rounded-xl"
          />
        ) : output.tool === "voiceover" ? (
          <audio controls src={`/media/${output.mediaId}`} aria-label="Generated speech" aria-describedby={labelled} className="w-full">
            <a href={`/media/${output.mediaId}`}>Download the audio</a>
          </audio>
        ) : (
          <ol className="space-y-4">
            {item.conversation?.map((message, index) => (
              <li key={index} className={message.role === "user" ? "rounded-xl bg-indigo-500/15 p-3" : "rounded-xl bg-slate-800/80 p-3"}>
                <p className="text-sm font-semibold text-slate-300">
                  {message.role === "user" ? (
                    "You"
                  ) : (
                    <>
                      Assistant <AiGeneratedBadge id={`${aiLabelId}-${index}`} />
                    </>
                  )}
                </p>
                {message.html ? (
                  <div
                    aria-describedby={message.role === "user" ? undefined : `${aiLabelId}-${index}`}
                    className="prose prose-invert max-w-none"
                    dangerouslySetInnerHTML={{ __html: message.html }}
                  />
                ) : (
                  <p className="whitespace-pre-wrap">{message.content}</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** The input and settings, and the tool's own form posted again with them: 'Run again'. */
export function RunAgain({ item }: { item: Shown }) {
  const tool = toolById(item.tool);
  const settings = Object.entries(item.input).filter(([name]) => name !== "text" && name !== "prompt");
  const main = item.input.text ?? item.input.prompt;
  if (item.tool === "chat" && item.writing) {
    // Its question alone is kept until the reply is: continuing from here would drop the reply.
    return (
      <section aria-labelledby="continue-heading" className={cardClass}>
        <h2 id="continue-heading" className="text-xl font-semibold text-white">
          The reply is being written
        </h2>
        {/* The chat page sends the item's address on to the reply being written, in its project. */}
        <p className="mt-2 text-slate-300">
          It is kept here once it is complete.{" "}
          <a href={`/conversational-ai?c=${item.id}`} className="font-semibold text-violet-300 underline underline-offset-4">
            Open the conversation
          </a>{" "}
          to follow the reply and go on from it.
        </p>
      </section>
    );
  }
  if (item.tool === "chat") {
    const history = JSON.stringify(
      item.conversation?.map(({ role, content, citations }) => ({ role, content, ...(citations ? { citations } : {}) })) ?? [],
    );
    return (
      <section aria-labelledby="continue-heading" className={cardClass}>
        <h2 id="continue-heading" className="text-xl font-semibold text-white">
          Continue this conversation
        </h2>
        <Form method="post" action={tool.path} className="mt-4">
          {Object.entries(item.input).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="history" value={history} />
          <label className="block text-sm font-medium text-slate-200">
            Your next message
            <textarea
              name="message"
              required
              rows={3}
              className="mt-1 w-full rounded-xl border border-white/15 bg-slate-950/60 p-3 text-slate-100"
            />
          </label>
          <button type="submit" className={`${primaryButtonClass} mt-4`}>
            Send
          </button>
        </Form>
      </section>
    );
  }
  return (
    <section aria-labelledby="input-heading" className={cardClass}>
      <h2 id="input-heading" className="text-xl font-semibold text-white">
        Input
      </h2>
      {main ? <p className="mt-3 whitespace-pre-wrap text-slate-200">{main}</p> : null}
      {settings.length ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {settings.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="capitalize text-slate-400">{name}</dt>
              <dd className="text-slate-200">{value || "—"}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Form method="post" action={tool.path} className="mt-5">
        {Object.entries(item.input).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={primaryButtonClass}>
          Run again in {tool.name}
        </button>
      </Form>
    </section>
  );
}

export function DeleteHistoryItem() {
  return (
    <Form method="post" className="mt-6">
      <input type="hidden" name="intent" value="delete" />
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-xl border border-rose-400/40 px-5 py-3 font-semibold text-rose-200 hover:bg-rose-500/10"
      >
        Delete from history
      </button>
    </Form>
  );
}
