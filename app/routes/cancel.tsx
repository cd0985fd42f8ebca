import CircleX from "lucide-react/icons/circle-x";
import { Link } from "react-router";
import { PageShell, primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";

export function meta() {
  return [
    { title: "Payment Cancelled · ContentForge AI" },
    { name: "description", content: "Your payment was cancelled. No charge was made; choose a plan again whenever you are ready." },
  ];
}

export default function Cancel() {
  return (
    <PageShell width="max-w-xl">
      <div className="rounded-3xl border border-white/10 bg-slate-900/60 p-8 text-center sm:p-10">
        <CircleX className="mx-auto size-14 text-rose-400" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-white">Payment Cancelled</h1>
        <p className="mt-4 text-slate-300">
          Your payment was cancelled. If you have any questions, please contact our support team.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/pricing" className={primaryButtonClass}>
            Back to plans
          </Link>
          <Link to="/" className={secondaryButtonClass}>
            Home
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
