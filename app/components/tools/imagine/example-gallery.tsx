import { Link } from "react-router";
import { exampleImages, exampleImageSize } from "~/content/media-catalogs";

/**
 * 'Example Generations' (spec §2 tool 5): six local images whose style and prompt appear on hover
 * and on keyboard focus. Each is a link that puts its prompt and style into the form.
 */
export function ExampleGallery() {
  return (
    <section aria-labelledby="examples-title" className="mt-16">
      <h2 id="examples-title" className="text-2xl font-bold text-white">
        Example Generations
      </h2>
      <p className="mt-2 text-slate-300">Illustrative examples. Select one to try its prompt and style.</p>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3">
        {exampleImages.map((example) => (
          <li key={example.id}>
            <figure className="group relative overflow-hidden rounded-2xl border border-white/10 bg-slate-900">
              <Link to={`?example=${example.id}#imagine-form`} preventScrollReset={false} className="block focus-visible:outline-pink-400">
                <img
                  src={example.url}
                  width={exampleImageSize.width}
                  height={exampleImageSize.height}
                  alt={`${example.style} example: ${example.prompt}`}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square h-auto w-full transition duration-300 group-hover:scale-105 group-focus-within:scale-105 motion-reduce:transition-none"
                />
                <span className="sr-only">. Try this prompt.</span>
              </Link>
              <figcaption
                aria-hidden="true"
                className="pointer-events-none absolute inset-x-0 bottom-0 bg-slate-950/90 p-3 text-sm opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-within:opacity-100 motion-reduce:transition-none"
              >
                <span className="block font-semibold text-pink-200">{example.style}</span>
                <span className="mt-0.5 block text-slate-100">{example.prompt}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
