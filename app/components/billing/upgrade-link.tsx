import { Link } from "react-router";
import type { ToolActionData } from "~/server/tools/tool-action-data";

/** After a subscriber's quota runs out, where to get more: shown inside the tool's error box. */
export function UpgradeLink({ actionData }: { actionData?: ToolActionData<unknown> }) {
  if (actionData?.state !== "rate-limited" || !actionData.upgradeUrl) return null;
  return (
    <>
      {" "}
      <Link to={actionData.upgradeUrl} className="font-semibold text-white underline underline-offset-4">
        See plans
      </Link>
    </>
  );
}
