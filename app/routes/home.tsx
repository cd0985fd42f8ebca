import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { ClosingCta } from "~/components/landing/closing-cta";
import { FeatureGroups } from "~/components/landing/feature-groups";
import { Hero } from "~/components/landing/hero";
import { HowItWorks } from "~/components/landing/how-it-works";
import { Testimonials } from "~/components/landing/testimonials";
import { ToolExplorer } from "~/components/landing/tool-explorer";
import { ToolGrid } from "~/components/landing/tool-grid";
import { company } from "~/content/company";
import { tools } from "~/content/tools";
import { featureGroups, hero, stats, steps, testimonials } from "~/content/landing";
import type { Route } from "./+types/home";

// Also /explore/:tool: the landing page with that tool open in the explorer. The explorer's links
// lead there without JavaScript, so each choice is a prerendered page (app/content/static-pages.ts);
// the landing page stays the canonical address.
export function meta({ loaderData, params }: Route.MetaArgs): Route.MetaDescriptors {
  const canonical: Route.MetaDescriptors = "tool" in params ? [{ tagName: "link", rel: "canonical", href: "/" }] : [];
  return [
    ...canonical,
    { title: `${company.productName} · ${loaderData?.hero.headline ?? "AI tools for creators and marketers"}` },
    {
      name: "description",
      content:
        "Detect AI-written text, humanize it, write, create voiceovers, generate images and chat with AI. Try every tool free in demo mode, no sign-in needed.",
    },
  ];
}

export function loader({ params }: Route.LoaderArgs) {
  if ("tool" in params && !tools.some((tool) => tool.id === params.tool)) throw data("No such tool.", { status: 404 });
  return { hero, stats, featureGroups, steps, testimonials };
}

/** The explorer's selection lives in `?tool=`: switching it must not refetch the landing copy. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const onlySearchChanged = !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return onlySearchChanged ? false : defaultShouldRevalidate;
}

export default function Home({ loaderData: copy }: Route.ComponentProps) {
  return (
    <>
      <Hero hero={copy.hero} stats={copy.stats} />
      <ToolGrid />
      <ToolExplorer />
      <FeatureGroups groups={copy.featureGroups} />
      <HowItWorks steps={copy.steps} />
      <Testimonials testimonials={copy.testimonials} />
      <ClosingCta primary={copy.hero.primaryCta} secondary={copy.hero.secondaryCta} />
    </>
  );
}
