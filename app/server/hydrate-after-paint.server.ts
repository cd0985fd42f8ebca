// Pages start loading their JavaScript only after the browser has painted them.
//
// React Router's <Scripts> puts a modulepreload link in the head for every chunk of the page (about
// 120 KB gzip) and one inline module that imports them and hydrates. On a slow connection those
// downloads share the bandwidth with the stylesheet and the font the first paint waits for:
// Lighthouse's mobile simulation put the landing page's first paint at 2.0 s with them and 0.8 s
// without (tests/bench/lantern-what-if.mjs, 2026-11-25). Every page works without JavaScript (plain
// links and forms, the menu through :target, dialogs opened by the server), so nothing is lost by
// hydrating a moment later; the tool fields adopt text typed before hydration
// (use-value-typed-before-hydration.ts). The build rewrites each prerendered page (vite.config.ts)
// and the Worker each page it renders (entry.server.tsx): the links are added and the modules
// imported once the first contentful paint is on screen.

// With or without the nonce the Worker's render puts on them (the prerendered pages' is removed).
const modulePreloadPattern = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const hydrationScriptPattern = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/g;
const leadingImportPattern = /^\s*import (?:\* as (\w+) from )?("[^"]+");/;
// What the rewritten module waits for; its presence marks a rewritten page.
const firstContentfulPaintCheck = 'getEntriesByName("first-contentful-paint")';

/**
 * The page with its modulepreload links removed and its hydration module rewritten to add them and
 * import the same modules, in the same order of evaluation, after the first contentful paint.
 * Throws if the page does not have the shape React Router renders, so a change there fails the
 * build instead of silently shipping a page that never hydrates.
 */
export function hydrateAfterFirstPaint(html: string): string {
  const preloads = [...html.matchAll(modulePreloadPattern)].map(([, href]) => href as string);
  const modules = [...html.matchAll(hydrationScriptPattern)];
  if (preloads.length === 0 || modules.length !== 1) {
    throw new Error(`hydrateAfterFirstPaint: expected modulepreload links and one hydration module, found ${preloads.length} and ${modules.length}`);
  }
  const [script, nonce = "", body] = modules[0] as RegExpMatchArray;
  return html
    .replace(modulePreloadPattern, "")
    // A function, so that `$` sequences in the module's text are not read as replacement patterns.
    .replace(script, () => `<script${nonce} type="module" async="">${deferredHydration(body as string, preloads)}</script>`);
}

/** True for a page hydrateAfterFirstPaint has rewritten: no modulepreload link, the deferred module. */
export function hydratesAfterFirstPaint(html: string): boolean {
  // `search` ignores the pattern's global flag and lastIndex.
  return html.search(modulePreloadPattern) === -1 && html.includes(firstContentfulPaintCheck);
}

/**
 * React Router's module is static imports (the manifest, then each route module as `routeN`)
 * followed by statements that use them. Static imports are fetched before anything runs, so they
 * become dynamic ones, awaited once the browser reports the first contentful paint (a first frame
 * can be painted without text while the font's short block period runs, so "after a frame" is not
 * enough). Browsers without paint timing (Safari before 14.1) start after the load event instead.
 * In a background tab it waits until the tab is shown and painted.
 */
function deferredHydration(body: string, preloads: readonly string[]): string {
  const imports: { binding?: string; specifier: string }[] = [];
  let rest = body;
  for (let match = leadingImportPattern.exec(rest); match; match = leadingImportPattern.exec(rest)) {
    imports.push({ binding: match[1], specifier: match[2] as string });
    rest = rest.slice(match[0].length);
  }
  if (imports.length === 0 || !rest.trim()) throw new Error(`hydrateAfterFirstPaint: unexpected hydration module: ${body}`);
  const addPreloads = `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}`;
  // Evaluated in the original order, one after the other, while the preloads fetch them all at once.
  const importAll = imports.map(({ binding, specifier }) => (binding ? `const ${binding}=await import(${specifier});` : `await import(${specifier});`)).join("");
  const hydrate = `async()=>{${addPreloads}${importAll}${rest.trim()}}`;
  return `const hydrate=${hydrate};if(globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint"))new PerformanceObserver((list,observer)=>{if(list.${firstContentfulPaintCheck}.length){observer.disconnect();hydrate()}}).observe({type:"paint",buffered:true});else addEventListener("load",()=>hydrate(),{once:true});`;
}
