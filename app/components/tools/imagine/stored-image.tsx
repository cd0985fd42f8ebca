import type { ImageView } from "~/shared/image-edit";

/**
 * An image the app stored or the visitor picked, with its own width and height when known, so its
 * place is kept while it loads; `describedBy`: the id of its 'AI-generated' label, when it is one.
 */
export function StoredImage({
  image,
  alt,
  describedBy,
  className,
}: {
  image: Partial<ImageView>;
  alt: string;
  describedBy?: string;
  className: string;
}) {
  return <img src={image.url} width={image.width} height={image.height} alt={alt} aria-describedby={describedBy} className={className} />;
}
