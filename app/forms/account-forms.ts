import { z } from "~/forms/zod";

// The sign-in form, the confirm button of an emailed link, and the sign-out buttons.
export const MAX_EMAIL_LENGTH = 254;

export const signInForm = z.object({
  email: z
    .string({ message: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(MAX_EMAIL_LENGTH, `An email address has at most ${MAX_EMAIL_LENGTH} characters.`)
    .pipe(z.email({ message: "Enter a valid email address, like name@example.com." }))
    .transform((email) => email.toLowerCase()),
});

export const confirmSignInForm = z.object({
  token: z
    .string({ message: "This sign-in link is incomplete." })
    .min(1, "This sign-in link is incomplete.")
    .max(200, "This sign-in link is not valid."),
});

export const signOutForm = z.object({
  scope: z.enum(["this-device", "all-devices"], { message: "Choose this-device or all-devices." }),
});

export type SignOutScope = z.infer<typeof signOutForm>["scope"];
