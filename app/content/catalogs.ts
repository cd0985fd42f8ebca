import { catalogOf } from "./catalog";
// The catalogs of spec §3 that the text tools offer. Ids are what forms post and engines receive.

export const humanizerTones = [
  { id: "professional", name: "Professional" },
  { id: "casual", name: "Casual" },
  { id: "friendly", name: "Friendly" },
  { id: "academic", name: "Academic" },
  { id: "creative", name: "Creative" },
  { id: "persuasive", name: "Persuasive" },
] as const;
export type HumanizerTone = (typeof humanizerTones)[number]["id"];
export const { ids: humanizerToneIds } = catalogOf(humanizerTones);
export const defaultHumanizerTone: HumanizerTone = "professional";

export const contentTypes = [
  { id: "blog", name: "Blog Post", description: "Long-form article with SEO optimization" },
  { id: "social", name: "Social Media", description: "Engaging posts for social platforms" },
  { id: "email", name: "Email", description: "Professional email communications" },
  { id: "product", name: "Product Description", description: "Compelling product content" },
  { id: "ad", name: "Ad Copy", description: "Persuasive advertising content" },
  { id: "script", name: "Video Script", description: "Engaging video content" },
] as const;
export type ContentTypeId = (typeof contentTypes)[number]["id"];
export const { ids: contentTypeIds, byId: contentTypeById } = catalogOf(contentTypes);
export const defaultContentType: ContentTypeId = "blog";
