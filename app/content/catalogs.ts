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
export const humanizerToneIds = humanizerTones.map((tone) => tone.id) as [HumanizerTone, ...HumanizerTone[]];
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
export const contentTypeIds = contentTypes.map((type) => type.id) as [ContentTypeId, ...ContentTypeId[]];
export const defaultContentType: ContentTypeId = "blog";

export function contentTypeById(id: ContentTypeId) {
  return contentTypes.find((type) => type.id === id) ?? contentTypes[0];
}
