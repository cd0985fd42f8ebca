import * as icons from "~/components/ui/lucide-paths";
import type { Testimonial } from "~/content/landing";
import { LandingSection } from "./landing-section";

const MAX_RATING = 5;

/**
 * Three sample testimonials with 5-star ratings (spec §1); avatars are local files. They are
 * illustrations, not reviews by real customers, and the section says so: a testimonial presented
 * as real that nobody gave is a fake review (docs/decisions/003-measured-claims.md).
 */
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <LandingSection
      id="testimonials"
      eyebrow="Testimonials"
      title="How creators and marketing teams use it"
      centered
      intro={<p className="mt-3 text-sm text-slate-400">Illustrative examples of typical use, not reviews by named customers.</p>}
    >
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.author}>
            <figure className="flex h-full flex-col rounded-2xl border border-white/10 bg-slate-900/60 p-6 sm:p-8">
              <Rating value={testimonial.rating} />
              <blockquote className="mt-4 flex-1 text-lg text-slate-200">
                <p>“{testimonial.content}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4 border-t border-white/10 pt-6">
                <img
                  src={testimonial.avatar}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                  className="size-12 shrink-0 rounded-full bg-slate-800 ring-2 ring-white/10"
                />
                <div className="min-w-0">
                  <p className="font-semibold text-white">{testimonial.author}</p>
                  <p className="text-sm text-slate-300">
                    {testimonial.role}, {testimonial.company}
                  </p>
                </div>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

// Five stars in one SVG: a filled star is a matter of fill colour, and one element per star.
const STAR_STEP = 28.8; // a 24-unit star plus a gap of a fifth of a star (4 px at 20 px stars)

function Rating({ value }: { value: number }) {
  return (
    <svg
      role="img"
      aria-label={`Rated ${value} out of ${MAX_RATING}`}
      viewBox={`0 0 ${STAR_STEP * (MAX_RATING - 1) + 24} 24`}
      className="h-5 w-[116px]"
      fill="none"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <path
          key={index}
          d={icons.star}
          transform={`translate(${index * STAR_STEP} 0)`}
          className={index < value ? "fill-amber-400 stroke-amber-400" : "stroke-slate-500"}
        />
      ))}
    </svg>
  );
}
