import type { AnchorHTMLAttributes } from "react";
import { Icon } from "~/components/ui/icon";

type MenuToggleProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "onClick" | "children"> & {
  href: string;
  icon: string;
  label: string;
  onActivate: () => void;
};

/**
 * The menu's open and close control: a link to an anchor, so that `:target` opens and closes the
 * menu without JavaScript, which acts as a button once JavaScript runs.
 */
export function MenuToggle({ href, icon, label, onActivate, className = "", ...link }: MenuToggleProps) {
  return (
    <a
      {...link}
      href={href}
      role="button"
      onClick={(event) => {
        event.preventDefault();
        onActivate();
      }}
      className={`inline-flex size-10 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10 ${className}`}
    >
      <Icon path={icon} className="size-6" />
      <span className="sr-only">{label}</span>
    </a>
  );
}
