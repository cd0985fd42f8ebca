import type { ImageView } from "~/shared/image-edit";

/** An image the app stored or the visitor picked, with its own width and height when known, so its place is kept while it loads. */
export function StoredImage({ image, alt, className }: { image: Partial<ImageView>; alt: string; className: string }) {
  return <img src={image.url} width={image.width} height={image.height} alt={alt} className={className} />;
}
