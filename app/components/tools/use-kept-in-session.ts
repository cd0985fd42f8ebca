import { useEffect, useRef } from "react";

/**
 * Keeps a tool's state in this tab's sessionStorage, so what the visitor typed and got survives a
 * reload or a trip to another page and Back (a demo visitor's chat, the voiceover's script and
 * audio after 'View pricing'). `restore` gets the saved value once, after hydration, unless the
 * page arrived with an answer of its own (`restoreSaved` false). Storage that is full or blocked
 * only means nothing is kept.
 */
export function useKeptInSession<T>(key: string, value: T, restore: (saved: T) => void, restoreSaved = true): void {
  const ready = useRef(false);
  useEffect(() => {
    ready.current = true;
    if (!restoreSaved) return;
    try {
      const saved = sessionStorage.getItem(key);
      if (saved !== null) restore(JSON.parse(saved) as T);
    } catch {
      // Unreadable or blocked: start fresh.
    }
    // Once, on mount: later changes are saved, not restored.
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);
  useEffect(() => {
    if (!ready.current) return;
    try {
      sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Full or blocked: nothing is kept.
    }
  }, [key, value]);
}
