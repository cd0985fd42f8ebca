// Results a person reads (issue 28 item 7): when an action's answer arrives, focus moves to it and
// it scrolls into view. Without JavaScript the server-rendered result (FadeUp) or error (ErrorBox)
// carries `autofocus`, so the browser does both on load. With JavaScript, useToolState calls
// revealArrivedResult once the answer replaces the busy state, and the demo modal, if it was open,
// hands focus to the result when it closes.

/** Where an answer shows: an explicit target, a result (FadeUp), an error box, else the first invalid field. */
function arrivedResult(): HTMLElement | null {
  const main = document.querySelector("main") ?? document.body;
  return main.querySelector<HTMLElement>('[data-result-target], [data-arrived-result], [role="alert"]:not(:empty), [aria-invalid="true"]');
}

/** The result's heading when it has one (focus lands on words, not a box), else the result itself. */
function focusTarget(result: HTMLElement): HTMLElement {
  if (result.matches("[aria-invalid]")) return result;
  const heading = result.querySelector<HTMLElement>("h2, h3");
  const target = heading ?? result;
  if (!target.hasAttribute("tabindex") && !target.matches("a[href], button, input, select, textarea")) target.tabIndex = -1;
  return target;
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Scrolls the arrived result into view and, unless a modal holds the focus, focuses it. */
export function revealArrivedResult(): void {
  const result = arrivedResult();
  if (!result) return;
  const target = focusTarget(result);
  const modalOpen = document.querySelector("dialog:modal") !== null;
  if (!modalOpen) target.focus({ preventScroll: true });
  result.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
}

/** After the demo modal closes: focus the result if one arrived. True when it did. */
export function focusArrivedResult(): boolean {
  const result = arrivedResult();
  if (!result || result.matches("[aria-invalid]")) return false;
  focusTarget(result).focus({ preventScroll: false });
  return true;
}
