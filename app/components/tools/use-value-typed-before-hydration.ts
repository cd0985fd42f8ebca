import { useEffect, type RefObject } from "react";

/**
 * A field React controls keeps, when the page hydrates, whatever the visitor typed before its
 * scripts ran, while the tool's state still holds the server's value: the count read 0 and the
 * submit button stayed disabled over a filled-in field (seen on 2026-11-25 with the scripts held
 * back). Once, on hydration, the field's own value is adopted as the state. The browser's form
 * restoration on Back lands in the same place and is adopted the same way.
 */
export function useValueTypedBeforeHydration(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  onChange: (value: string) => void,
): void {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Only the first effect after hydration: later differences are React's own updates.
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- runs once, on hydration, by design
  }, []);
}
