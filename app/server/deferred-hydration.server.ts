// The string side of hydrating after the first paint (hydrate-after-paint.server.ts streams pages
// through the runtime's HTMLRewriter): rewriting React Router's hydration module, and telling a
// rewritten page. Free of Worker APIs, so the build (vite.config.ts, on Node) checks pages with it.

// Checked after rendering: a page React Router rendered still has a modulepreload link.
const modulePreloadPattern = /<link rel="modulepreload" href="[^"]+"/;
const leadingImportPattern = /^\s*import (?:\* as (\w+) from )?("[^"]+");/;
// What the rewritten module waits for; its presence marks a rewritten page.
const firstContentfulPaintCheck = 'getEntriesByName("first-contentful-paint")';

/** True for a page hydrateAfterFirstPaint (hydrate-after-paint.server.ts) has rewritten: no modulepreload link, the deferred module. */
export function hydratesAfterFirstPaint(html: string): boolean {
  return !modulePreloadPattern.test(html) && html.includes(firstContentfulPaintCheck);
}

/**
 * React Router's module is static imports (the manifest, then each route module as `routeN`)
 * followed by statements that use them. Static imports are fetched before anything runs, so they
 * become dynamic ones, awaited once the browser reports the first contentful paint (a first frame
 * can be painted without text while the font's short block period runs, so "after a frame" is not
 * enough). Browsers without paint timing (Safari before 14.1) start after the load event instead.
 * In a background tab it waits until the tab is shown and painted.
 */
export function deferredHydration(body: string, preloads: readonly string[]): string {
  const imports: { binding?: string; specifier: string }[] = [];
  let rest = body;
  for (let match = leadingImportPattern.exec(rest); match; match = leadingImportPattern.exec(rest)) {
    imports.push({ binding: match[1], specifier: match[2] as string });
    rest = rest.slice(match[0].length);
  }
  if (imports.length === 0 || !rest.trim()) throw new Error(`unexpected hydration module: ${body.slice(0, 200)}`);
  const addPreloads = `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}`;
  // Evaluated in the original order, one after the other, while the preloads fetch them all at once.
  const importAll = imports
    .map(({ binding, specifier }) => (binding ? `const ${binding}=await import(${specifier});` : `await import(${specifier});`))
    .join("");
  const hydrate = `async()=>{${addPreloads}${importAll}${rest.trim()}}`;
  return `const hydrate=${hydrate};if(globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint"))new PerformanceObserver((list,observer)=>{if(list.${firstContentfulPaintCheck}.length){observer.disconnect();hydrate()}}).observe({type:"paint",buffered:true});else addEventListener("load",()=>hydrate(),{once:true});`;
}
