import type { ReactNode } from "react";

type RadioOptionsProps<Option extends { id: string; descriptionId?: string }> = {
  name: string;
  options: readonly Option[];
  selected: string;
  onSelect?: (id: Option["id"]) => void;
  /** Classes of each option (its label). */
  className?: string;
  /** Classes of each option's visible box; it follows its radio through `peer-checked:` and `peer-focus-visible:`. */
  boxClassName: string;
  /** What an option's box shows; an option's `descriptionId` names the element that describes it. */
  children: (option: Option) => ReactNode;
};

/**
 * A radio group drawn as cards or chips. The native inputs stay, visually hidden, so the arrow
 * keys, the form without JavaScript and screen readers work as with any radio group; the caller
 * gives the fieldset and the layout around them.
 */
export function RadioOptions<Option extends { id: string; descriptionId?: string }>({
  name,
  options,
  selected,
  onSelect,
  className = "",
  boxClassName,
  children,
}: RadioOptionsProps<Option>) {
  return options.map((option) => (
    <label key={option.id} className={`cursor-pointer ${className}`}>
      <input
        type="radio"
        name={name}
        value={option.id}
        defaultChecked={option.id === selected}
        onChange={onSelect ? () => onSelect(option.id) : undefined}
        aria-describedby={option.descriptionId}
        className="peer sr-only"
      />
      <span className={boxClassName}>{children(option)}</span>
    </label>
  ));
}
