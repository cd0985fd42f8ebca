import type { Step } from "~/content/landing";

/** 'How it works' in four numbered steps (spec §1). */
export function HowItWorks({ steps }: { steps: Step[] }) {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="py-16 sm:py-20 render-when-visible">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-fuchsia-300">How it works</p>
          <h2 id="how-it-works-title" className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
            From idea to result in four steps
          </h2>
        </div>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step) => (
            <li key={step.number} className="rounded-2xl border border-white/10 bg-slate-900/60 p-6 text-center sm:p-8">
              <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-fuchsia-600 text-lg font-bold text-white shadow-lg shadow-fuchsia-950/40">
                <span className="sr-only">Step </span>
                {step.number}
              </span>
              <h3 className="mt-5 text-lg font-semibold text-white">{step.title}</h3>
              <p className="mt-2 text-slate-300">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
