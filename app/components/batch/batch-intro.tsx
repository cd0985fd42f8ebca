import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";
import { batchLimitsText } from "./batch-form";

/** The page's heading and what a batch is; for anyone without a plan, where to get one. */
export function BatchIntro({ subscriber, signedIn }: { subscriber: boolean; signedIn: boolean }) {
  return (
    <header>
      <p className="text-sm font-semibold uppercase tracking-wide text-cyan-300">
        <Link to="/ai-detector" className="underline-offset-4 hover:underline">
          AI Detector
        </Link>{" "}
        · Batch
      </p>
      <h1 className="mt-2 text-4xl font-bold text-white">Scan many documents at once</h1>
      <p className="mt-4 text-lg text-slate-300">
        Drop a class's essays or a folder of submissions: every file is read, scored by the same detector as pasted text (a long one section
        by section) and gets its own shareable report with a signed receipt. The results come as a table you can sort and download as CSV.
      </p>
      {subscriber ? null : (
        <div className="mt-6 rounded-2xl border border-white/10 bg-slate-900/60 p-6">
          <p className="text-slate-200">
            Batch scans come with a plan. {batchLimitsText} Without a plan, the{" "}
            <Link to="/ai-detector" className="font-semibold text-cyan-300 underline underline-offset-4">
              AI detector
            </Link>{" "}
            reads one document at a time.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/pricing" className={primaryButtonClass}>
              See the plans
            </Link>
            {signedIn ? null : (
              <Link to="/sign-in" className={secondaryButtonClass}>
                Sign in
              </Link>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
