import { companyAddressLines } from "~/content/company";

/** The company's postal address, a line each (the footer, the legal pages' contact box). */
export function CompanyAddressLines() {
  return companyAddressLines.map((line) => (
    <span key={line} className="block">
      {line}
    </span>
  ));
}
