import OpenAI from "openai";
import type { ToolId } from "~/content/tools";
import { redactSecrets } from "../redact.server";
import { failureMessages, rateLimitedMessage, speechMismatchMessage } from "~/shared/failure-messages";
import { RealtimeEventError, SpeechMismatchError } from "./openai-realtime-speech.server";

/** The message for a failed provider call: a 429 says to retry shortly, anything else is the tool's message. */
/** A provider's failure already worded for the person (by the conversation's Durable Object, which saw the error itself). */
export class ReportedProviderFailure extends Error {}

export function userMessageForProviderError(tool: ToolId, error: unknown): string {
  if (error instanceof ReportedProviderFailure) return error.message;
  if (error instanceof OpenAI.APIError && error.status === 429) return rateLimitedMessage;
  // A Responses stream's `error` event arrives after the 200 as an APIError without a status.
  if (error instanceof OpenAI.APIError && error.code === "rate_limit_exceeded") return rateLimitedMessage;
  if (error instanceof RealtimeEventError && error.code === "rate_limit_exceeded") return rateLimitedMessage;
  if (error instanceof SpeechMismatchError) return speechMismatchMessage;
  return failureMessages[tool];
}

/** A provider error as the status line shows it: the SDK's message with anything key-like removed. */
export function connectionErrorMessage(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : "API connection failed";
  return redactSecrets(message);
}
