// What the chat shows of the caller's allowance under the message box, refreshed after each reply:
// a visitor's demo messages left today, or a subscriber's plan messages left this period.

export type ChatAllowance =
  | { kind: "demo"; left: number | null; perDay: number }
  | { kind: "plan"; plan: string; left: number | null; quota: number | null; resetsOn: string };

const messages = (count: number) => `${count.toLocaleString("en-US")} message${count === 1 ? "" : "s"}`;

export function chatAllowanceText(allowance: ChatAllowance): string {
  if (allowance.kind === "demo") {
    if (allowance.left === null) return "Demo: no daily message limit.";
    return `Demo: ${messages(allowance.left)} left today (of ${allowance.perDay.toLocaleString("en-US")}).`;
  }
  if (allowance.left === null || allowance.quota === null) return `${allowance.plan} plan: unlimited chat messages.`;
  return `${allowance.plan} plan: ${messages(allowance.left)} left of ${allowance.quota.toLocaleString("en-US")} this period (resets on ${allowance.resetsOn}).`;
}
