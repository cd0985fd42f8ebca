import { imageSizeLabel, imageSizes } from "~/content/media-catalogs";
import { FieldError, FieldLabel } from "../form-parts";
import { textAreaClass } from "../tool-form-fields";

/** The output shape of a generated or edited image: the sizes the generator offers, with their pixels. */
export function ImageSizeSelect({
  id,
  label,
  selected,
  busy,
  error,
}: {
  id: string;
  label: string;
  selected: string;
  busy: boolean;
  error?: string;
}) {
  return (
    <>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        id={id}
        name="size"
        defaultValue={selected}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className={textAreaClass}
      >
        {imageSizes.map((size) => (
          <option key={size.id} value={size.id}>
            {imageSizeLabel(size)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}
