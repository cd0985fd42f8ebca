import type { Step } from "~/content/landing";
import { LandingSection } from "./landing-section";

/** 'How it works' in four numbered steps (spec §1). */
export function HowItWorks({ steps }: { steps: Step[] }) {
  return (
    <LandingSection id="how-it-works" eyebrow="How it works" title="From idea to result in four steps" centered>
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
    </LandingSection>
  );
}
