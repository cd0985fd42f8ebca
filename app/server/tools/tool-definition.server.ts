import type { z } from "zod";
import type { ToolId } from "~/content/tools";
import type { ChatStreamEvent } from "~/shared/chat-events";
import type { BodyFile } from "../request-body/read-body.server";
import type { ToolCaller } from "./tool-caller.server";

// What a tool is, for every transport (the page's form, the page's stream, the developer API):
// its schema, its quota units, its engine call, and optionally the files it takes and a streamed
// run. A transport reads the body by the definition (tool-request.server.ts), runs it through the
// pipeline (tool-pipeline.server.ts) and maps the outcome to its own answer; no transport knows a
// tool by name.

/** A form's fields: strings from a page's form, any JSON value from the developer API; one schema reads both. */
export type InputValues = Record<string, unknown>;

/** What a run may use besides its input. */
export type ToolRunOptions = {
  /** How long stored media lives: a subscriber's as long as the workspace keeps results, a visitor's a day. */
  mediaTtlSeconds?: number;
};

/** What a run that goes on after it returns (a streamed reply) gets to finish on its own. */
export type ContinuingRunOptions = ToolRunOptions & {
  /** Gives the units back when the work breaks off after the run returned. */
  release: () => Promise<void>;
  /** Lets work go on after the response started (the Worker's waitUntil). */
  waitUntil: (work: Promise<unknown>) => void;
  /**
   * Where the finished result goes in a subscriber's history (their address, the channel, the input
   * as sent); absent when nothing is kept (a visitor, a temporary chat). A run that continues keeps
   * its result with it itself (the chat: in the conversation's Durable Object).
   */
  keepAs?: { email: string; source: "web" | "api"; values: InputValues };
  /** How long a page may wait for a run that goes on (a chat reply) before answering with what there is so far. */
  answerWithinMs?: number;
};

/** A tool as every transport runs it. */
export type ToolDefinition<S extends z.ZodType = z.ZodType, Result = unknown> = {
  tool: ToolId;
  schema: S;
  /** Quota units the run costs (voiceover: minutes of speech); 1 by default. */
  units?: (input: z.infer<S>) => number;
  /** Demo actions a visitor's run costs, where it costs the provider more than one (a web search); 1 by default. */
  demoActions?: (input: z.infer<S>) => number;
  run: (input: z.infer<S>, options: ContinuingRunOptions) => Promise<Result>;
  /** The run returns before its work is done and keeps its result itself, as `options.keepAs` says. */
  continues?: true;
  /** False when this input's result must never reach the history (a temporary chat); kept by default. */
  keeps?: (input: z.infer<S>) => boolean;
  /** The files the tool takes beside its fields, and how they become its input. */
  upload?: ToolUpload<Result>;
  /** The same run answered as it is written (the chat's reply): events once the first piece arrived, the rest after. */
  stream?: (input: z.infer<S>, options: ContinuingRunOptions) => Promise<ReadableStream<StreamEvent>>;
};

/**
 * Any tool's definition as a transport holds it: the transport never reads the input, so the
 * schema's type is left open (each definition is checked where it is written).
 */
// oxlint-disable-next-line no-explicit-any
export type AnyToolDefinition<Result = unknown> = ToolDefinition<any, Result>;

/** What a streamed run sends (pieces of text, files stored, the end or an error), which each streaming transport words: NDJSON, SSE. */
export type StreamEvent = ChatStreamEvent;

/** A tool's files: the multipart field(s) that carry them, the body's limit, and what the form becomes with them. */
export type ToolUpload<Result> = {
  /** The file field (refusals stand beside it), and any other field that may carry a file (an edit's mask). */
  field: string;
  otherFields?: readonly string[];
  /** The most a body with files may hold (a plain form keeps the 64 KB limit unless `textMaxBytes` says). */
  maxBytes: number;
  textMaxBytes?: number;
  /** What to fix when the files are over the limit, beside the file field. */
  tooLarge: string;
  /** The developer API's words for what to send ("an image of up to 10 MB as a file field named 'image'"). */
  describe?: string;
  /** Only a multipart body will do (an edit is nothing without its image). */
  required?: true;
  /** The form as the tool reads it: the cheap checks now, a costly reading deferred until the run is paid for. */
  accept: (form: { values: InputValues; files: BodyFile[] }, caller: ToolCaller) => Promise<ToolForm<Result>>;
};

export type ToolOutcome<Result> = (
  | { kind: "done"; result: Result }
  /**
   * Fields to fix: the schema's findings, the transport's own (an upload), or what only the work
   * found (an image damaged halfway); `status` when the upload was refused (400 or 413).
   */
  | { kind: "invalid"; fieldErrors: Record<string, string>; status?: 400 | 413 }
  /** The quota or the demo allowance is used up. */
  | { kind: "refused"; message: string; retryAfterSeconds: number; resetsAt?: number; upgradeUrl?: string }
  /** The engine or the history failed: the spec's message for the tool. */
  | { kind: "failed"; message: string }
) & {
  /** The form as a deferred extraction completed it (a document's text in the text field). */
  values?: InputValues;
};

/**
 * A read form, ready to run: its values, the upload's own refusal beside its field, or another
 * definition (a long document). `Result` names what the run answers, for the reader's sake: the
 * pipeline holds any definition alike.
 */
// oxlint-disable-next-line no-unused-vars
export type ExtractedForm<Result = unknown> = {
  values: InputValues;
  /** What the upload adds to the checked input (an image read, a chat's files and their owner): the schema reads only fields. */
  extra?: object;
  fieldErrors?: Record<string, string>;
  status?: 400 | 413;
  definition?: AnyToolDefinition;
};

/** A read form as a transport hands it to the pipeline. */
export type ToolForm<Result = unknown> = ExtractedForm<Result> & {
  /** The upload's reading, deferred until the run is paid for (DeferredExtraction). */
  extract?: DeferredExtraction<Result>;
  /** Headers every answer to this form carries (the cookie that owns a visitor's chat files). */
  headers?: Record<string, string>;
};

/**
 * An upload's reading, done only once the run is paid for: it costs more than a refusal should (a
 * document's extraction), so a caller without allowance is refused before it starts. A run with
 * one costs one unit, as every tool that takes a document does.
 */
export type DeferredExtraction<Result> = () => Promise<ExtractedForm<Result>>;

/** The definition whose run is its stream, for a streaming transport; undefined when the tool does not stream. */
export function streamingRun(definition: AnyToolDefinition): AnyToolDefinition<ReadableStream<StreamEvent>> | undefined {
  const { stream, upload: _upload, ...rest } = definition;
  return stream ? { ...rest, run: stream, continues: true } : undefined;
}
