import { Link } from "react-router";

export type LinkItem = { to: string; label: string };

/** A list of links within the site, one item each (the footer's columns, the 404 page's tools). */
export function LinkList({ links, className, linkClassName }: { links: readonly LinkItem[]; className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
