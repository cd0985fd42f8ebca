import { useLayoutEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { ToolIcon } from "~/components/ui/tool-icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { explorerPath } from "~/content/static-pages";
import { tools, type Tool } from "~/content/tools";
import { toolAccent } from "./tool-accents";
import { ToolPreview } from "./tool-preview";
import { LandingSection } from "./landing-section";

export const EXPLORER_ID = "explorer";
export const EXPLORER_PARAM = "tool";
const DEFAULT_TOOL_ID = "detector";

/** The tool named by `/explore/:tool` or `?tool=`; anything unknown or absent means the detector (spec §2). */
export function selectedExplorerTool(param: string | null): Tool {
  return tools.find((tool) => tool.id === param) ?? tools.find((tool) => tool.id === DEFAULT_TOOL_ID) ?? (tools[0] as Tool);
}

/**
 * The tool explorer (spec §2): pick a tool on the left, see its name, description, a demo preview
 * placeholder and its four features. Without JavaScript each option is a plain link to
 * `/explore/ID#explorer`, a prerendered page with that tool open (the asset server ignores query
 * strings, so `?tool=` cannot select anything in a prerendered page). Once hydrated, the options
 * switch to `?tool=ID#explorer` on the same page: the route skips revalidation and the highlight
 * glides to the new option in 0.45s. `?tool=` is read only after hydration, so the first client
 * render matches the prerendered HTML.
 */
export function ToolExplorer() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const { tool: toolInPath } = useParams();
  const selected = selectedExplorerTool((hydrated && searchParams.get(EXPLORER_PARAM)) || toolInPath || null);
  // The details fade in only after the visitor picks a tool, never on first load (DESIGN.md).
  const [picked, setPicked] = useState(false);
  const { highlightRef, rememberHighlight } = useGlidingHighlight(selected.id);
  const accent = toolAccent(selected);

  return (
    <LandingSection
      id={EXPLORER_ID}
      eyebrow="Tool explorer"
      title="See what each tool can do"
      intro={<p className="mt-4 text-lg text-slate-300">Pick a tool to preview what it does before you open it.</p>}
    >
      <div className="mt-12 grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-8">
        <ul aria-label="Tools to preview" className="grid grid-cols-2 content-start gap-2 sm:grid-cols-3 lg:grid-cols-1">
          {tools.map((tool) => {
            const isSelected = tool.id === selected.id;
            return (
              <li key={tool.id}>
                <Link
                  to={hydrated ? `?${EXPLORER_PARAM}=${tool.id}#${EXPLORER_ID}` : `${explorerPath(tool.id)}#${EXPLORER_ID}`}
                  preventScrollReset
                  replace
                  aria-current={isSelected ? "true" : undefined}
                  onClick={() => {
                    if (isSelected) return;
                    setPicked(true);
                    rememberHighlight();
                  }}
                  className={`relative isolate flex items-center gap-3 rounded-xl border border-white/5 px-3 py-3 text-sm font-medium text-slate-300 transition-colors hover:bg-white/5 hover:text-white aria-[current=true]:border-transparent aria-[current=true]:text-white sm:text-base lg:border-transparent ${toolAccent(tool).focus}`}
                >
                  {isSelected ? (
                    <span
                      ref={highlightRef}
                      aria-hidden="true"
                      className="absolute inset-0 -z-10 rounded-xl bg-white/10 ring-1 ring-white/15"
                    />
                  ) : null}
                  <ToolIcon tool={tool} size="sm" />
                  <span className="min-w-0">{tool.name}</span>
                </Link>
              </li>
            );
          })}
        </ul>

        <div
          key={selected.id}
          className={`rounded-2xl border border-white/10 bg-slate-900/60 p-6 sm:p-8 ${picked ? "animate-fade-up" : ""}`}
        >
          <div className="flex items-center gap-4">
            <ToolIcon tool={selected} size="lg" />
            <div className="min-w-0">
              <h3 className="text-2xl font-semibold text-white">{selected.name}</h3>
              <p className={`text-sm font-medium ${accent.text}`}>{selected.badge}</p>
            </div>
          </div>
          <p className="mt-4 text-lg text-slate-300">{selected.description}</p>

          {/* The seed has demo video paths but shows none (spec §2): a still sketch of the tool instead. */}
          <div
            className={`relative mt-6 flex flex-col items-center justify-center overflow-hidden rounded-xl bg-slate-950 ring-1 ring-inset ${accent.ring}`}
          >
            <div aria-hidden="true" className={`absolute inset-0 bg-gradient-to-br ${selected.gradient} opacity-15`} />
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-[linear-gradient(rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.04)_1px,transparent_1px)] [background-size:2rem_2rem]"
            />
            <ToolPreview tool={selected} />
          </div>

          <h4 className="mt-8 text-sm font-semibold uppercase tracking-wider text-slate-300">Key features</h4>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {selected.features.map((feature) => (
              <li key={feature} className="flex gap-3 text-slate-200">
                <Icon path={icons.check} className={`mt-1 size-5 shrink-0 ${accent.text}`} />
                {feature}
              </li>
            ))}
          </ul>

          <Link
            to={selected.path}
            className={`mt-8 inline-flex items-center gap-2 rounded-xl bg-white px-5 py-3 font-semibold text-slate-950 transition hover:bg-slate-200 ${accent.focus}`}
          >
            Open {selected.name}
            <Icon path={icons.arrowRight} className="size-5" />
          </Link>
        </div>
      </div>
    </LandingSection>
  );
}

const GLIDE_MS = 450; // the spec's default layout animation (§9)

/**
 * Slides the selection highlight from the option that was clicked to the new one (a FLIP with the
 * Web Animations API: a few lines instead of framer-motion's layout engine in the page's bundle).
 * Skipped for reduced motion and when there is nothing to glide from (first load, back/forward).
 */
function useGlidingHighlight(selectedId: string) {
  const highlightRef = useRef<HTMLSpanElement>(null);
  const from = useRef<{ x: number; y: number; width: number; height: number } | null>(null);

  useLayoutEffect(() => {
    const highlight = highlightRef.current;
    const start = from.current;
    from.current = null;
    if (!highlight || !start || typeof highlight.animate !== "function") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const end = pageRect(highlight);
    if (end.width === 0 || end.height === 0) return;
    const dx = start.x - end.x;
    const dy = start.y - end.y;
    if (dx === 0 && dy === 0) return;
    highlight.animate(
      [
        {
          transformOrigin: "0 0",
          transform: `translate(${dx}px, ${dy}px) scale(${start.width / end.width}, ${start.height / end.height})`,
        },
        { transformOrigin: "0 0", transform: "none" },
      ],
      { duration: GLIDE_MS, easing: "cubic-bezier(0, 0, 0.58, 1)" },
    );
  }, [selectedId]);

  const rememberHighlight = () => {
    if (highlightRef.current) from.current = pageRect(highlightRef.current);
  };
  return { highlightRef, rememberHighlight };
}

/** Position in page coordinates, so a scroll between click and render does not matter. */
function pageRect(element: HTMLElement) {
  const rect = element.getBoundingClientRect();
  return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
}
