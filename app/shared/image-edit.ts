// An edited image and its original as the Edit mode of /imagine-ai shows them (app/server/tools/image-edit.server.ts).

export type ImageView = { url: string; width: number; height: number };

export type ImageEditResult = ImageView & {
  id: string;
  alt: string;
  fileName: string;
  notice?: string;
  /** `uploaded`: this run stored the original from an upload, so the run's history item owns it. */
  original: ImageView & { id: string; uploaded?: boolean };
  understood?: string[];
  ignored?: string[];
};
