import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { demoSeenCookie, demoToolOf } from "~/shared/demo-seen";
import { appendHeader } from "./answer-header.server";
import type { ToolActionData } from "~/shared/tool-action-data";

/**
 * A demo visitor's answer that showed the 'Demo Version' modal notes the tool in the demo-seen
 * cookie (app/shared/demo-seen.ts), so the next action of this tool in this visit skips the
 * modal, without JavaScript too. runToolAction applies it to every tool page's answer. `url` is the
 * route's (React Router 8 passes the raw request, whose path ends in `.data` for a script's submission).
 */
export function markDemoSeen<Result>(request: Request, url: URL, answer: DataWithResponseInit<ToolActionData<Result>>) {
  const shown = answer.data.state === "done" || answer.data.state === "failed";
  if (!shown || answer.data.subscriber) return answer;
  const cookie = demoSeenCookie(request.headers.get("cookie"), demoToolOf(url.pathname));
  if (!cookie) return answer;
  appendHeader(answer, "Set-Cookie", cookie);
  return answer;
}
