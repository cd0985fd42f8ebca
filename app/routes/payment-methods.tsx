import { NotYetAvailable } from "~/components/ui/not-yet-available";

export function meta() {
  return [{ title: "Choose Payment Method · ContentForge AI" }];
}

export default function PaymentMethods() {
  return (
    <NotYetAvailable title="Choose Payment Method">
      Online checkout is not available yet, so no payment can be taken. Card (Visa, Mastercard, AMEX) and
      US bank account (ACH) payments will appear here.
    </NotYetAvailable>
  );
}
