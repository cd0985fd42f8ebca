import { Link } from "react-router";
import type { ToolActionData } from "~/shared/tool-action-data";

const linkClass = "font-semibold text-white underline underline-offset-4";

/**
 * After a limit is reached, the way on, inside the tool's error box: a subscriber over quota gets
 * where to upgrade; a demo visitor gets sign-in and the plans, so the limit is no dead end.
 */
export function UpgradeLink({ actionData }: { actionData?: Pick<ToolActionData<unknown>, "state"> & { upgradeUrl?: string } }) {
  if (actionData?.state !== "rate-limited") return null;
  if (actionData.upgradeUrl) {
    return (
      <>
        {" "}
        <Link to={actionData.upgradeUrl} className={linkClass}>
          See plans
        </Link>
      </>
    );
  }
  return (
    <>
      {" "}
      <Link to="/sign-in" className={linkClass}>
        Sign in
      </Link>{" "}
      or{" "}
      <Link to="/pricing" className={linkClass}>
        see plans
      </Link>
      .
    </>
  );
}
