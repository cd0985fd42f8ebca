import OpenAI from "openai";
import type { ToolId } from "~/content/tools";
import { failureMessages, rateLimitedMessage } from "./failure";

/** The message for a failed provider call: a 429 says to retry shortly, anything else is the tool's message. */
export function userMessageForProviderError(tool: ToolId, error: unknown): string {
  if (error instanceof OpenAI.APIError && error.status === 429) return rateLimitedMessage;
  return failureMessages[tool];
}

/** A provider error as the status line shows it: the SDK's message with anything key-like removed. */
export function connectionErrorMessage(error: unknown, apiKey?: string): string {
  const message = error instanceof Error && error.message ? error.message : "API connection failed";
  return redactSecrets(message, apiKey);
}

export function redactSecrets(text: string, apiKey?: string): string {
  let redacted = apiKey ? text.split(apiKey).join("[redacted]") : text;
  redacted = redacted.replace(/\b(sk|rk|pk)[-_][A-Za-z0-9_*.-]{6,}/g, "[redacted]");
  return redacted;
}
