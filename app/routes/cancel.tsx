import { BackToPlansLinks } from "~/components/billing/back-to-plans-links";
import { ResultCard } from "~/components/ui/result-card";
import * as icons from "~/components/ui/lucide-paths";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/cancel";

export const meta: Route.MetaFunction = () =>
  pageMeta("Payment Cancelled", "Your payment was cancelled. No charge was made; choose a plan again whenever you are ready.");

export default function Cancel() {
  return (
    <ResultCard icon={icons.circleX} iconClass="text-rose-400" title="Payment Cancelled">
      <p className="mt-4 text-slate-300">Your payment was cancelled. If you have any questions, please contact our support team.</p>
      <BackToPlansLinks />
    </ResultCard>
  );
}
