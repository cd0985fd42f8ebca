import { createApiKeyForm, revokeApiKeyForm } from "~/forms/api-key-forms";
import { parseForm, type FormValues } from "~/forms/parse-form.server";
import type { Subscriber } from "../billing/subscriber.server";
import { apiAccess } from "./api-access.server";
import { createApiKey, listApiKeys, MAX_LIVE_KEYS, revokeApiKey } from "./api-keys.server";
import type { ApiKeysState } from "~/shared/api-keys";

// The dashboard's 'API keys' section: what it shows, and its create and revoke forms.
export async function apiKeysState(email: string, subscriber: Subscriber | undefined): Promise<ApiKeysState | null> {
  const access = apiAccess(subscriber);
  if (access === "no-subscription") return null;
  if (access === "basic-plan") return { access: "upgrade" };
  if (access === "subscription-inactive") return { access: "inactive" };
  return { access: "available", keys: await listApiKeys(email), maxKeys: MAX_LIVE_KEYS };
}

export type ApiKeyActionResult =
  { status: 200; created: { name: string; secret: string } } | { status: 303 } | { status: 400 | 403 | 409; keyError: string };

export async function apiKeyAction(email: string, subscriber: Subscriber | undefined, values: FormValues): Promise<ApiKeyActionResult> {
  if (values.intent === "revoke-key") {
    const parsed = parseForm(revokeApiKeyForm, values);
    if (!parsed.ok) return { status: 400, keyError: parsed.fieldErrors.keyId ?? "Unknown key." };
    // Revoking an already revoked key changes nothing: the list is simply shown again.
    await revokeApiKey(email, parsed.data.keyId);
    return { status: 303 };
  }
  const parsed = parseForm(createApiKeyForm, values);
  if (!parsed.ok) return { status: 400, keyError: parsed.fieldErrors.name ?? parsed.fieldErrors.intent ?? "Unknown dashboard action." };
  if (apiAccess(subscriber) !== "available") {
    return { status: 403, keyError: "API keys come with an active Pro or Startup plan. Upgrade your plan to create one." };
  }
  const created = await createApiKey(email, parsed.data.name);
  if (!created.ok) return { status: 409, keyError: `You already have ${MAX_LIVE_KEYS} keys. Revoke one you no longer use first.` };
  return { status: 200, created: { name: created.key.name, secret: created.secret } };
}
