import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { revealArrivedResult } from "~/components/ui/result-focus";
import type { ToolActionData } from "~/shared/tool-action-data";

// A tool screen's state around its form's action: busy, the answer shown, and focus on arrival.

/**
 * True while this route's form is being submitted (JavaScript on). A page with two forms (Imagine
 * AI's Generate and Edit) names the form's action, so only that form counts as busy.
 */
export function useToolBusy(formAction?: string): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state === "idle" || navigation.formMethod !== "POST") return false;
  return formAction ? navigation.formAction === formAction : navigation.formAction?.split("?")[0] === pathname;
}

/**
 * What a tool screen shows for its action's answer. Starting a new submission clears the previous
 * result and error (spec §4): while busy, nothing of the last answer is shown.
 */
export function useToolState<Result>(actionData?: ToolActionData<Result>, formAction?: string) {
  const busy = useToolBusy(formAction);
  const shown = busy ? undefined : actionData;
  useRevealOnArrival(busy, shown);
  return {
    busy,
    shown,
    result: shown?.state === "done" ? shown.result : undefined,
    error: shown?.state === "failed" || shown?.state === "rate-limited" ? shown.message : undefined,
    fieldErrors: shown?.state === "invalid" ? shown.fieldErrors : ({} as Record<string, string>),
  };
}

/** Once an answer replaces the busy state, its result (or error) is scrolled to and focused. */
export function useRevealOnArrival(busy: boolean, answer: unknown) {
  const waiting = useRef(false);
  useEffect(() => {
    if (busy) {
      waiting.current = true;
      return;
    }
    if (!waiting.current || answer === undefined) return;
    waiting.current = false;
    // After the result has rendered and the browser has laid it out.
    const frame = requestAnimationFrame(revealArrivedResult);
    return () => cancelAnimationFrame(frame);
  }, [busy, answer]);
}
