import { z } from "~/forms/zod";
import { planIds } from "~/content/plans";

// The payment page's form (one form, two submit buttons named "method") and the dashboard's
// billing button. Messages name what was wrong, so a hand-made request learns how to fix it.
export const checkoutForm = z.object({
  plan: z.enum(planIds, { message: "Unknown plan. Choose one of: basic, pro, startup." }),
  method: z.enum(["card", "ach"], { message: "Unknown payment method. Choose card or ach." }),
});

export type CheckoutInput = z.infer<typeof checkoutForm>;

export const dashboardForm = z.object({
  intent: z.enum(["manage-billing"], { message: "Unknown dashboard action." }),
});
