import { limits } from "~/forms/limits";
import { z } from "~/forms/zod";

// The dashboard's API key forms: create a key with a name, revoke one by its id.
const API_KEY_NAME_MAX = limits.apiKeyName;

export const createApiKeyForm = z.object({
  intent: z.literal("create-key"),
  name: z
    .string({ message: "Please give the key a name, e.g. where you will use it." })
    .trim()
    .min(1, "Please give the key a name, e.g. where you will use it.")
    .max(API_KEY_NAME_MAX, `The name is too long: the limit is ${API_KEY_NAME_MAX} characters.`),
});

export const revokeApiKeyForm = z.object({
  intent: z.literal("revoke-key"),
  keyId: z.uuid({ message: "Unknown key. Reload the dashboard and try again." }),
});
