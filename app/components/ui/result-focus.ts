// Results a person reads: when an action's answer arrives, focus moves to it and
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

/**
 * Focuses the result, and focuses it again if it is replaced in the next moments while nobody
 * moved the focus elsewhere: FadeUp swaps its plain first render for the animated one once the
 * motion code has loaded, which removes the element that had the focus.
 */
function focusResult(result: HTMLElement, options: FocusOptions): void {
  focusTarget(result).focus(options);
  const main = document.querySelector("main");
  if (!main) return;
  const observer = new MutationObserver(() => {
    if (document.activeElement !== document.body) return;
    const replaced = arrivedResult();
    if (replaced) focusTarget(replaced).focus({ preventScroll: true });
  });
  observer.observe(main, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 3000);
}

/** Scrolls the arrived result into view and, unless a modal holds the focus, focuses it. */
export function revealArrivedResult(): void {
  const result = arrivedResult();
  if (!result) return;
  const modalOpen = document.querySelector("dialog:modal") !== null;
  if (!modalOpen) focusResult(result, { preventScroll: true });
  result.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
}

/** After the demo modal closes: focus the result if one arrived. True when it did. */
export function focusArrivedResult(): boolean {
  const result = arrivedResult();
  if (!result || result.matches("[aria-invalid]")) return false;
  focusResult(result, { preventScroll: false });
  return true;
}
