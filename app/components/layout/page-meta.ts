import { company } from "~/content/company";

/** A page's `meta`: its title, followed by the product's name, and its description for search results. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} · ${company.productName}` }, { name: "description", content: description }];
}
