// Who operates the site (spec §1): a private limited company in New Delhi. Shown in the footer,
// the legal pages' Contact Information box and the page titles.
export const company = {
  productName: "ContentForge AI",
  legalName: "ContentForge Technologies Private Limited",
  address: {
    street: "Unit 402, Tower B, Nehru Place",
    city: "New Delhi",
    region: "Delhi",
    postalCode: "110019",
    country: "India",
  },
  supportEmail: "support@contentforge.ai",
  legalEmail: "legal@contentforge.ai",
} as const;

export const companyAddressLines = [
  company.address.street,
  `${company.address.city}, ${company.address.region} ${company.address.postalCode}`,
  company.address.country,
] as const;

// The small fixed badge on every page links to the site builder's site in a new tab (spec §1).
export const builderBadge = {
  label: "Built with React Router",
  href: "https://reactrouter.com/",
} as const;
