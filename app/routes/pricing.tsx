import { NotYetAvailable } from "~/components/ui/not-yet-available";

export function meta() {
  return [{ title: "Pricing · ContentForge AI" }];
}

export default function Pricing() {
  return (
    <NotYetAvailable title="Pricing">
      Subscriptions are not on sale yet. Every tool stays free to try in demo mode in the meantime.
    </NotYetAvailable>
  );
}
