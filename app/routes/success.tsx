import CircleCheck from "lucide-react/icons/circle-check";
import { Link } from "react-router";
import { PageShell, primaryButtonClass } from "~/components/ui/page-shell";

export function meta() {
  return [{ title: "Payment Successful · ContentForge AI" }];
}

export default function Success() {
  return (
    <PageShell width="max-w-xl">
      <div className="rounded-3xl border border-white/10 bg-slate-900/60 p-8 text-center sm:p-10">
        <CircleCheck className="mx-auto size-14 text-emerald-400" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-white">Payment Successful!</h1>
        <p className="mt-4 text-slate-300">
          Thank you for your subscription. You now have access to all the features included in your plan.
        </p>
        <Link to="/dashboard" className={`${primaryButtonClass} mt-8`}>
          Go to Dashboard
        </Link>
      </div>
    </PageShell>
  );
}
