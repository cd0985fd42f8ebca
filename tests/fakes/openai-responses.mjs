// POST /v1/responses of the fake OpenAI (openai-server.mjs): the Responses API's checks and its
// streamed events, as read on 2026-11-26 in openai-node 7.57.0 (`resources/responses/responses.d.ts`:
// ResponseCreateParamsBase, ResponseStreamEvent, ResponseOutputText.URLCitation, ResponseInputFile)
// and OpenAI's guides 'Migrate to the Responses API' and 'Web search' (developers.openai.com/api/docs/
// guides/migrate-to-responses, …/tools-web-search). The wording of an unknown parameter's refusal is
// the Responses API's ("Unknown parameter: 'parent_id'.", code `unknown_parameter`, as quoted in
// github.com/cogwheel0/conduit/issues/258).
//
// What it refuses, like the real endpoint: Chat Completions' parameters (`messages`, `max_tokens`,
// `max_completion_tokens`, `n`, `response_format`, `functions`, `reasoning_effort`…) and any other
// unknown one; `stream_options.include_usage` (Chat Completions' only stream option); a tool type it
// does not know; an `input_file` without `filename`; input parts of the wrong kind for their role;
// `max_output_tokens` under 16; `reasoning` on a model without reasoning, and a temperature or top_p
// other than 1 while reasoning; shut-down and unknown models (404).
import { apiError, invalidValue, liveModel, modelNotFound } from "./openai-catalog.mjs";
import { noSuchFile } from "./openai-files.mjs";

/** ResponseCreateParamsBase's body parameters in openai-node 7.57.0. */
const PARAMETERS = `access_programs background context_management conversation image include input instructions
  max_output_tokens max_tool_calls metadata model moderation parallel_tool_calls previous_response_id prompt
  prompt_cache_key prompt_cache_options prompt_cache_retention reasoning safety_identifier service_tier store stream
  stream_options temperature text tool_choice tools top_logprobs top_p truncation user`.split(/\s+/);
/** The hosted and custom tool types the Tool union of openai-node 7.57.0 names. */
const TOOL_TYPES = `function file_search computer_use_preview computer web_search web_search_2025_08_26 web_search_preview
  web_search_preview_2025_03_11 mcp code_interpreter image_generation local_shell shell custom apply_patch`.split(/\s+/);
const WEB_SEARCH_TYPES = ["web_search", "web_search_2025_08_26", "web_search_preview", "web_search_preview_2025_03_11"];
const ROLES = ["user", "assistant", "system", "developer"];
const INPUT_PARTS = ["input_text", "input_image", "input_file", "input_audio"];
const OUTPUT_PARTS = ["output_text", "refusal"];
const EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh", "max"];
/** Reasoning tokens the fake spends before writing, by effort (as the Chat Completions fake). */
const REASONING_TOKENS = { none: 0, minimal: 16, low: 32, medium: 64, high: 128, xhigh: 256, max: 512 };
const tokens = (text) => Math.ceil(String(text ?? "").length / 4);

const unknownParameter = (param) => apiError(400, `Unknown parameter: '${param}'.`, { param, code: "unknown_parameter" });
const missing = (param) => apiError(400, `Missing required parameter: '${param}'.`, { param, code: "missing_required_parameter" });
const invalidType = (param, expected) =>
  apiError(400, `Invalid type for '${param}': expected ${expected}.`, { param, code: "invalid_type" });

/** The request's refusal as the API words it, or what the answer needs (the effort, whether it searches). */
export function checkResponses(body, catalog, files = new Map()) {
  const unknown = Object.keys(body).find((key) => !PARAMETERS.includes(key));
  if (unknown) return unknownParameter(unknown);
  if (!body.model) return missing("model");
  const model = liveModel(catalog, body.model);
  if (!model) return modelNotFound(body.model);
  if (model.kind !== "chat") {
    return apiError(400, `The requested model '${model.id}' is not supported with the Responses API.`, {
      param: "model",
      code: "unsupported_model",
    });
  }
  if (body.stream_options != null) {
    const option = Object.keys(body.stream_options).find((key) => key !== "include_obfuscation");
    if (option) return unknownParameter(`stream_options.${option}`);
  }
  const inputProblem = checkInput(body.input, files);
  if (inputProblem) return inputProblem;
  if (body.max_output_tokens != null && (!Number.isInteger(body.max_output_tokens) || body.max_output_tokens < 16)) {
    return apiError(
      400,
      `Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got ${body.max_output_tokens} instead.`,
      { param: "max_output_tokens", code: "integer_below_min_value" },
    );
  }
  let search = false;
  for (const [index, tool] of (body.tools ?? []).entries()) {
    if (!TOOL_TYPES.includes(tool?.type)) return invalidValue(`tools[${index}].type`, tool?.type, TOOL_TYPES);
    if (WEB_SEARCH_TYPES.includes(tool.type)) search = true;
  }
  if (body.store != null && typeof body.store !== "boolean") return invalidType("store", "a boolean");

  const asked = body.reasoning?.effort;
  if (!model.efforts) {
    if (asked != null) {
      return apiError(400, "Unsupported parameter: 'reasoning.effort' is not supported with this model.", {
        param: "reasoning.effort",
        code: "unsupported_parameter",
      });
    }
    return { effort: "none", search };
  }
  const effort = asked ?? model.defaultEffort;
  if (!EFFORTS.includes(effort)) return invalidValue("reasoning.effort", effort, EFFORTS);
  if (!model.efforts.includes(effort)) return invalidValue("reasoning.effort", effort, model.efforts);
  if (effort !== "none") {
    for (const param of ["temperature", "top_p"]) {
      if (body[param] != null && body[param] !== 1) {
        return apiError(400, `Unsupported parameter: '${param}' is not supported with this model.`, {
          param,
          code: "unsupported_parameter",
        });
      }
    }
  }
  return { effort, search };
}

function checkInput(input, files) {
  if (input === undefined) return missing("input");
  if (typeof input === "string") return undefined;
  if (!Array.isArray(input)) return invalidType("input", "one of a string or array of input items");
  for (const [index, item] of input.entries()) {
    const at = `input[${index}]`;
    if (!item || typeof item !== "object") return invalidType(at, "an object");
    if (item.type !== undefined && item.type !== "message") continue; // earlier output items: not ours to judge
    if (!ROLES.includes(item.role)) return item.role === undefined ? missing(`${at}.role`) : invalidValue(`${at}.role`, item.role, ROLES);
    if (typeof item.content === "string") continue;
    if (!Array.isArray(item.content)) return invalidType(`${at}.content`, "one of a string or array of objects");
    const allowed = item.role === "assistant" ? OUTPUT_PARTS : INPUT_PARTS;
    for (const [partIndex, part] of item.content.entries()) {
      const where = `${at}.content[${partIndex}]`;
      if (!allowed.includes(part?.type)) return invalidValue(`${where}.type`, part?.type, allowed);
      if (part.type === "input_text" && typeof part.text !== "string") return missing(`${where}.text`);
      if (part.type === "input_image" && !part.image_url && !part.file_id) return missing(`${where}.image_url`);
      // A file id the Files API does not hold (never uploaded, deleted or expired) is refused.
      if ((part.type === "input_image" || part.type === "input_file") && part.file_id && !files.has(part.file_id)) {
        return noSuchFile(part.file_id, `${where}.file_id`);
      }
      if (part.type === "input_image" && part.image_url && !/^(https?:|data:image\/(png|jpeg|webp|gif);base64,)/.test(part.image_url)) {
        return apiError(400, `Invalid '${where}.image_url'. Expected a valid URL or a base64-encoded data URL of an image.`, {
          param: `${where}.image_url`,
          code: "invalid_value",
        });
      }
      if (part.type === "input_file") {
        if (!part.file_id && !part.file_url && !part.file_data) return missing(`${where}.file_data`);
        if (part.file_data && !part.filename) return missing(`${where}.filename`);
      }
    }
  }
  return undefined;
}

/** The user's last words: what the default reply quotes. */
function lastUserText(input) {
  if (typeof input === "string") return input;
  const item = (input ?? []).filter((entry) => entry?.role === "user").at(-1);
  if (!item) return "";
  if (typeof item.content === "string") return item.content;
  return item.content.find((part) => part.type === "input_text")?.text ?? "";
}

const FAKE_SOURCE = { url: "https://example.com/fake-source", title: "Fake source" };

/**
 * The reply and its citations. With web search on, the default reply cites one page inline, the way
 * models write a source ("([example.com](…))"), with a `url_citation` over that span.
 */
export function responsesAnswer(body, scripted, { search }) {
  const asked = lastUserText(body.input).slice(0, 60);
  if (scripted.content !== undefined && scripted.content !== null) {
    return { text: scripted.content, citations: search ? (scripted.citations ?? []) : [] };
  }
  if (scripted.chunks) return { text: scripted.chunks.join(""), citations: search ? (scripted.citations ?? []) : [] };
  if (!search) return { text: `Fake provider reply to: ${asked}`, citations: [] };
  const lead = `Fake provider reply to: ${asked}. The fake search found one source `;
  const link = `([example.com](${FAKE_SOURCE.url}))`;
  const citations = scripted.citations ?? [{ ...FAKE_SOURCE, start: lead.length, end: lead.length + link.length }];
  return { text: `${lead}${link}.`, citations };
}

/** The reply cut to what `max_output_tokens` leaves after reasoning: how real models run out. */
function budgeted(text, body, effort) {
  const reasoning = REASONING_TOKENS[effort];
  const limit = body.max_output_tokens;
  if (limit == null || limit >= reasoning + tokens(text)) return { text, incomplete: undefined, reasoning };
  const left = Math.max(0, limit - reasoning);
  return { text: text.slice(0, left * 4), incomplete: "max_output_tokens", reasoning: Math.min(limit, reasoning) };
}

function responseObject(body, id, { status, output, usage, incomplete, error }) {
  return {
    id,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status,
    background: false,
    error: error ?? null,
    incomplete_details: incomplete ? { reason: incomplete } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: body.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: body.reasoning?.effort ?? null, summary: null },
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: { format: { type: "text" }, verbosity: "medium" },
    tool_choice: "auto",
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: "disabled",
    usage,
    metadata: {},
  };
}

function usageOf(body, outputTokens, reasoningTokens) {
  const input = tokens(JSON.stringify(body.input)) + tokens(body.instructions);
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: reasoningTokens },
    total_tokens: input + outputTokens,
  };
}

/**
 * For `stream: true` requests: `chunks` (default: the reply in words), `chunkDelayMs`; `cutAfter`
 * drops the connection after that many text deltas; `incomplete` ends with `response.incomplete` and
 * that reason after `incompleteAfter` deltas (default all); `errorEvent` (`{ code, message }`) sends an
 * `error` event after `errorAfter` deltas (default 0); `failed` (`{ code, message }`) ends with
 * `response.failed`; `citations` (`[{ url, title, start, end }]`) replace the default ones of a search.
 * @typedef {{ chunks?: string[], chunkDelayMs?: number, cutAfter?: number, incomplete?: string, incompleteAfter?: number,
 *   errorEvent?: { code?: string, message: string }, errorAfter?: number, failed?: { code: string, message: string },
 *   citations?: { url: string, title: string, start: number, end: number }[], content?: string | null }} ResponsesScript
 */

/** The whole answer without streaming. */
export function responsesJson(body, scripted, checked, n) {
  const answer = responsesAnswer(body, scripted, checked);
  const { text, incomplete, reasoning } = budgeted(answer.text, body, checked.effort);
  const output = [
    ...(checked.search ? [searchCall(n, "completed", lastUserText(body.input))] : []),
    messageItem(n, "completed", text, annotationsOf(answer.citations.filter((citation) => citation.end <= text.length))),
  ];
  return responseObject(body, `resp_fake${n}`, {
    status: incomplete ? "incomplete" : "completed",
    output,
    incomplete,
    usage: usageOf(body, reasoning + tokens(text), reasoning),
  });
}

const searchCall = (n, status, query) => ({
  id: `ws_fake${n}`,
  type: "web_search_call",
  status,
  ...(status === "completed" ? { action: { type: "search", query } } : {}),
});
const messageItem = (n, status, text, annotations) => ({
  id: `msg_fake${n}`,
  type: "message",
  status,
  role: "assistant",
  content: status === "in_progress" ? [] : [{ type: "output_text", text, annotations, logprobs: [] }],
});
const annotationsOf = (citations) =>
  citations.map(({ url, title, start, end }) => ({ type: "url_citation", url, title, start_index: start, end_index: end }));

/** Server-sent events as the Responses API streams them: typed events with sequence numbers, no [DONE]. */
export async function streamResponses(response, entry, scripted, checked, requestId, n) {
  const body = entry.body;
  const answer = responsesAnswer(body, scripted, checked);
  const { text, incomplete: ranOut, reasoning } = budgeted(answer.text, body, checked.effort);
  const pieces = scripted.chunks && !ranOut ? scripted.chunks : text ? (text.match(/\S+\s*|\s+/g) ?? []) : [];
  const id = `resp_fake${n}`;
  const itemId = `msg_fake${n}`;
  const outputIndex = checked.search ? 1 : 0;
  let sequence = 0;
  const send = (type, data) =>
    new Promise((resolve) => {
      const event = { type, ...data, sequence_number: sequence++ };
      response.write(`event: ${type}\ndata: ${JSON.stringify(event)}\n\n`, () => resolve(undefined));
    });
  const pause = () => (scripted.chunkDelayMs ? new Promise((resolve) => setTimeout(resolve, scripted.chunkDelayMs)) : undefined);
  const state = (status, output, extra = {}) => responseObject(body, id, { status, output, ...extra });

  response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-request-id": requestId });
  await send("response.created", { response: state("in_progress", []) });
  await send("response.in_progress", { response: state("in_progress", []) });
  const before = [];
  if (checked.search) {
    const query = lastUserText(body.input);
    await send("response.output_item.added", { output_index: 0, item: searchCall(n, "in_progress") });
    for (const step of ["in_progress", "searching", "completed"])
      await send(`response.web_search_call.${step}`, { output_index: 0, item_id: `ws_fake${n}` });
    before.push(searchCall(n, "completed", query));
    await send("response.output_item.done", { output_index: 0, item: before[0] });
  }
  if (scripted.errorEvent && !scripted.errorAfter) return endWithError(response, send, scripted.errorEvent, entry);
  await send("response.output_item.added", { output_index: outputIndex, item: messageItem(n, "in_progress") });
  const where = { item_id: itemId, output_index: outputIndex, content_index: 0 };
  await send("response.content_part.added", { ...where, part: { type: "output_text", text: "", annotations: [], logprobs: [] } });

  let written = "";
  const cited = [];
  const stopAt = scripted.incomplete ? (scripted.incompleteAfter ?? pieces.length) : pieces.length;
  for (const [index, piece] of pieces.slice(0, stopAt).entries()) {
    if (index > 0) await pause();
    if (response.destroyed) return; // the client went away
    if (scripted.cutAfter !== undefined && index >= scripted.cutAfter) return void response.destroy();
    if (scripted.errorEvent && index === scripted.errorAfter) return endWithError(response, send, scripted.errorEvent, entry);
    await send("response.output_text.delta", { ...where, delta: piece, logprobs: [] });
    entry.firstChunkAt ??= now();
    written += piece;
    // A source is announced once the text it supports has been written.
    for (const citation of answer.citations) {
      if (cited.includes(citation) || citation.end > written.length) continue;
      cited.push(citation);
      await send("response.output_text.annotation.added", {
        ...where,
        annotation_index: cited.length - 1,
        annotation: annotationsOf([citation])[0],
      });
    }
  }
  if (scripted.cutAfter !== undefined && scripted.cutAfter >= pieces.length) return void response.destroy();
  if (scripted.errorEvent) return endWithError(response, send, scripted.errorEvent, entry);
  const annotations = annotationsOf(cited);
  await send("response.output_text.done", { ...where, text: written, logprobs: [] });
  await send("response.content_part.done", { ...where, part: { type: "output_text", text: written, annotations, logprobs: [] } });
  const incomplete = scripted.incomplete ?? ranOut;
  const message = { ...messageItem(n, incomplete ? "incomplete" : "completed", written, annotations) };
  await send("response.output_item.done", { output_index: outputIndex, item: message });
  const usage = usageOf(body, reasoning + tokens(written), reasoning);
  if (scripted.failed) {
    await send("response.failed", { response: state("failed", [...before, message], { usage, error: scripted.failed }) });
  } else if (incomplete) {
    await send("response.incomplete", { response: state("incomplete", [...before, message], { usage, incomplete }) });
  } else {
    await send("response.completed", { response: state("completed", [...before, message], { usage }) });
  }
  response.end();
  entry.finishedAt = now();
}

async function endWithError(response, send, { code = "server_error", message }, entry) {
  await send("error", { code, message, param: null });
  response.end();
  entry.finishedAt = now();
}

const now = () => performance.timeOrigin + performance.now();
