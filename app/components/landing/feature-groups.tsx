import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { FeatureGroup } from "~/content/landing";
import { LandingSection } from "./landing-section";

const groupStyles = {
  detection: { icon: icons.shieldCheck, tile: "from-blue-600 to-cyan-600" },
  language: { icon: icons.languages, tile: "from-violet-600 to-fuchsia-600" },
  multimodal: { icon: icons.layers, tile: "from-pink-600 to-orange-500" },
} as const satisfies Record<FeatureGroup["id"], { icon: string; tile: string }>;

/** The three feature groups (spec §1): detection, language processing, multi-modal generation. */
export function FeatureGroups({ groups }: { groups: FeatureGroup[] }) {
  return (
    <LandingSection
      id="features"
      eyebrow="Under the hood"
      title="Serious AI, simple to use"
      centered
      intro={
        <p className="mt-4 text-lg text-slate-300">
          Three capabilities power every tool, so your work stays consistent from draft to delivery.
        </p>
      }
    >
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {groups.map((group) => {
          const { icon, tile } = groupStyles[group.id];
          return (
            <li key={group.id} className="flex flex-col rounded-2xl border border-white/10 bg-slate-900/60 p-6 sm:p-8">
              <span aria-hidden="true" className={`inline-flex size-12 items-center justify-center rounded-xl bg-gradient-to-br ${tile}`}>
                <Icon path={icon} className="size-6 text-white" />
              </span>
              <h3 className="mt-6 text-xl font-semibold text-white">{group.title}</h3>
              <p className="mt-2 text-slate-300">{group.description}</p>
              <ul className="mt-6 space-y-3 border-t border-white/10 pt-6">
                {group.items.map((item) => (
                  <li key={item} className="flex gap-3 text-slate-200">
                    <Icon path={icons.check} className="mt-1 size-5 shrink-0 text-fuchsia-300" />
                    {item}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
