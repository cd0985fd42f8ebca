import { Form, useNavigation } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { PlanId } from "~/content/plans";
import { useHydrated } from "~/components/ui/use-hydrated";

const methods = [
  { value: "card", title: "Credit / Debit Card", detail: "Visa, Mastercard, AMEX", icon: icons.creditCard },
  { value: "ach", title: "Bank Account (ACH)", detail: "US Bank Accounts", icon: icons.landmark },
];

type Props = { planId: PlanId; configured: boolean; error?: string; notice?: string };

/**
 * One form, two submit buttons named "method" (spec §2): the pressed button's value says how to
 * pay. Both are disabled while a checkout starts (JavaScript) and when payments are not configured.
 */
export function PaymentMethodForm({ planId, configured, error, notice }: Props) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const starting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const pressed = starting ? navigation.formData?.get("method") : undefined;
  const disabled = !configured || (hydrated && starting);

  return (
    <div className="mt-8 grid gap-4">
      <Message role="note" text={notice} />
      <Message role="alert" text={error} />
      <Form method="post" className="grid gap-4 sm:grid-cols-2" aria-label="Payment method" aria-busy={starting}>
        <input type="hidden" name="plan" value={planId} />
        {methods.map((method) => (
          <MethodButton key={method.value} {...method} disabled={disabled} busy={pressed === method.value} />
        ))}
      </Form>
      <p className="text-sm text-slate-400">You will finish on Stripe's secure checkout page. Billing address required; cancel any time.</p>
    </div>
  );
}

/** `icon`: its path (lucide-paths.ts). */
type MethodButtonProps = { value: string; title: string; detail: string; icon: string; disabled: boolean; busy: boolean };

function MethodButton({ value, title, detail, icon, disabled, busy }: MethodButtonProps) {
  return (
    <button
      type="submit"
      name="method"
      value={value}
      disabled={disabled}
      className="flex items-center gap-4 rounded-2xl border border-white/15 bg-slate-900/70 p-5 text-left transition hover:border-violet-400/60 hover:bg-slate-800/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:border-white/15 disabled:hover:bg-slate-900/70"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-violet-600 to-fuchsia-600 text-white">
        {busy ? (
          <span
            className="size-5 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
            aria-hidden="true"
          />
        ) : (
          <Icon path={icon} className="size-7" />
        )}
      </span>
      <span className="grid gap-0.5">
        <span className="font-semibold text-white">{title}</span>
        <span className="text-sm text-slate-300">{busy ? "Starting checkout..." : detail}</span>
      </span>
    </button>
  );
}

// Tailwind needs whole class names in the source.
const messageLooks = {
  note: { icon: icons.info, colours: "border-amber-400/40 bg-amber-400/10 px-4 py-3 text-amber-100" },
  alert: { icon: icons.circleAlert, colours: "border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200" },
};

/** Why payments cannot start yet (a note) or why the last attempt failed (an alert). */
function Message({ role, text }: { role: keyof typeof messageLooks; text?: string }) {
  if (!text) return null;
  const { icon, colours } = messageLooks[role];
  return (
    <p role={role} className={`flex items-start gap-2 rounded-xl border ${colours}`}>
      <Icon path={icon} className="mt-0.5 size-5 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
