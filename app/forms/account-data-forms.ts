import { z } from "~/forms/zod";

// 'Delete my account' is confirmed by typing the account's email address; the action compares it.
export const deleteAccountForm = z.object({
  confirmEmail: z
    .string({ message: "Type your email address to confirm." })
    .trim()
    .min(1, "Type your email address to confirm.")
    .max(320, "That is not your email address.")
    .transform((email) => email.toLowerCase()),
});

export const exportForm = z.object({
  intent: z.enum(["export"], { message: "Unknown action." }),
});
