import { useHydrated } from "~/components/ui/use-hydrated";

/** 'Print or save as PDF': the browser's print dialog, whose page the print styles lay out; only where JavaScript can open it. */
export function PrintButton({ className }: { className: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      Print or save as PDF
    </button>
  );
}
