import type { ReactNode } from "react";

type LandingSectionProps = {
  /** The section's id (a link target); its heading's is `${id}-title` and names the section. */
  id: string;
  eyebrow: string;
  title: string;
  /** A paragraph under the heading. */
  intro?: ReactNode;
  centered?: boolean;
  children: ReactNode;
};

/** A section of the landing page: the eyebrow, the heading and its introduction, then the content. */
export function LandingSection({ id, eyebrow, title, intro, centered = false, children }: LandingSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="py-16 sm:py-20 render-when-visible">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className={centered ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
          <p className="text-sm font-semibold uppercase tracking-wider text-fuchsia-300">{eyebrow}</p>
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {title}
          </h2>
          {intro}
        </div>
        {children}
      </div>
    </section>
  );
}
