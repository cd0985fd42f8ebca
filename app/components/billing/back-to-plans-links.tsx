import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";

/** The way back when no subscription started: the plans again, or home. */
export function BackToPlansLinks() {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to="/pricing" className={primaryButtonClass}>
        Back to plans
      </Link>
      <Link to="/" className={secondaryButtonClass}>
        Home
      </Link>
    </div>
  );
}
