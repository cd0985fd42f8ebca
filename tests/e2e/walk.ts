import { expect, type Page } from "@playwright/test";

// What a new visitor trips over, checked on any page (issue 29): the page scrolls sideways, or a
// fixed or floating element (the navbar, the builder badge, a toast) covers a link, button or
// field. Shared by walk.spec.ts and the tools' own checks.

/** The page is no wider than the viewport: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  // The viewport the test set: on an emulated phone, window.innerWidth grows with a page that
  // overflows (the browser zooms out to show it all), so it cannot be the measure.
  const viewportWidth = page.viewportSize()!.width;
  const { scrollWidth, innerWidth, widest } = await page.evaluate((viewportWidth) => {
    const innerWidth = Math.min(window.innerWidth, viewportWidth);
    // Name the widest element that sticks out, so a failure says what to fix.
    let widest = "";
    let right = innerWidth;
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      if (!element.checkVisibility({ visibilityProperty: true }) || getComputedStyle(element).position === "fixed") continue;
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.className).slice(0, 80)} (${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)})`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, widest };
  }, viewportWidth);
  expect(scrollWidth, `${where}: page ${scrollWidth} px wide in a ${innerWidth} px viewport; widest: ${widest}`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/**
 * Every visible link, button and field, scrolled to the middle of the viewport, is the element a
 * tap at its centre reaches (document.elementFromPoint): no fixed or floating element lies on it.
 * A control styled through its label (a visually hidden radio) is checked through that label.
 * Returns how many controls were checked, so a walk that checked nothing fails.
 */
export async function expectNothingCovered(page: Page, where: string): Promise<number> {
  const { checked, covered } = await page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const covered: string[] = [];
    let checked = 0;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute("aria-label") || element.getAttribute("name") || "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    // Tailwind's sr-only: clipped to nothing (its padding may still give it a size).
    const isVisuallyHidden = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width <= 2 || box.height <= 2 || style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)";
    };
    for (const control of document.querySelectorAll<HTMLElement>(selector)) {
      if (control.closest("dialog:not([open]), [inert], [aria-hidden='true'], [hidden]")) continue;
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // Elements that are themselves fixed (the navbar, the badge, an open dialog) are what could cover; skip them.
      let fixed = false;
      for (let node: HTMLElement | null = control; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky" || node.tagName === "DIALOG") fixed = true;
      }
      if (fixed) continue;
      const target = isVisuallyHidden(control) ? control.closest("label") : control;
      if (!target || isVisuallyHidden(target as HTMLElement)) continue;
      target.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      // A link that wraps onto two lines is tested on its first line, where its text is.
      const box = target.getClientRects()[0] ?? target.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + Math.min(box.height / 2, window.innerHeight / 2 - 1);
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue; // clipped by a scrolling box
      checked += 1;
      const hit = document.elementFromPoint(x, y);
      if (!hit || target === hit || target.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === control)) continue;
      // Something inside the same scrolling region (a sticky header of a table) is not a floating element.
      covered.push(`${describe(control)} is under ${describe(hit)}`);
    }
    return { checked, covered };
  });
  expect(covered, `${where}: covered controls`).toEqual([]);
  return checked;
}
