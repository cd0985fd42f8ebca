import { NotYetAvailable } from "~/components/ui/not-yet-available";

export function meta() {
  return [{ title: "Dashboard · ContentForge AI" }];
}

export default function Dashboard() {
  return (
    <NotYetAvailable title="Dashboard">
      The subscriber dashboard is not available yet: there are no subscriber accounts to show.
    </NotYetAvailable>
  );
}
