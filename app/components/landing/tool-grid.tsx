import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { ToolIcon } from "~/components/ui/tool-icon";
import { tools } from "~/content/tools";
import { toolAccent } from "./tool-accents";
import { LandingSection } from "./landing-section";

/** The six tool cards (spec §2): name, description, icon, the tool's gradient and 'Learn more'. */
export function ToolGrid() {
  return (
    <LandingSection
      id="tools"
      eyebrow="The toolkit"
      title="Six AI tools, one creative studio"
      intro={<p className="mt-4 text-lg text-slate-300">Every tool works in demo mode right away, with no account and no card.</p>}
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {tools.map((tool) => {
          const accent = toolAccent(tool);
          return (
            <li
              key={tool.id}
              className="group relative flex flex-col overflow-hidden rounded-2xl border border-white/10 bg-slate-900/60 p-6 transition hover:border-white/20 hover:bg-slate-900 sm:p-8"
            >
              <span
                aria-hidden="true"
                className={`absolute inset-x-0 top-0 h-1 bg-gradient-to-r ${tool.gradient} opacity-80 transition-opacity group-hover:opacity-100`}
              />
              <span
                aria-hidden="true"
                className={`pointer-events-none absolute -right-16 -top-16 size-40 rounded-full bg-gradient-to-br ${tool.gradient} opacity-10 blur-2xl transition-opacity group-hover:opacity-20`}
              />
              <ToolIcon tool={tool} size="lg" />
              <h3 className="mt-6 text-xl font-semibold text-white">{tool.name}</h3>
              <p className="mt-2 flex-1 text-slate-300">{tool.description}</p>
              {/* The link stretches over the whole card; its name says which tool it is about. */}
              <Link
                to={tool.cardLink}
                className={`mt-6 inline-flex items-center gap-1.5 self-start rounded font-semibold after:absolute after:inset-0 after:content-[''] ${accent.text} ${accent.focus}`}
              >
                Learn more<span className="sr-only"> about {tool.name}</span>
                <Icon path={icons.arrowRight} className="size-4 transition-transform group-hover:translate-x-0.5" />
              </Link>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
