// Pages start loading their JavaScript only after the browser has painted them.
//
// React Router's <Scripts> puts a modulepreload link in the head for every chunk of the page (about
// 120 KB gzip) and one inline module that imports them and hydrates. On a slow connection those
// downloads share the bandwidth with the stylesheet and the font the first paint waits for:
// Lighthouse's mobile simulation put the landing page's first paint at 2.0 s with them and 0.8 s
// without (tests/bench/lantern-what-if.mjs, 2026-11-25). Every page works without JavaScript (plain
// links and forms, the menu through :target, dialogs opened by the server), so nothing is lost by
// hydrating a moment later; the tool fields adopt text typed before hydration
// (use-value-typed-before-hydration.ts). The Worker rewrites each page it renders as it streams
// (entry.server.tsx), prerendered pages included, since the build renders those through the built
// Worker; the build checks each one (vite.config.ts). The links are added and the modules imported
// once the first contentful paint is on screen.

import { deferredHydration } from "./deferred-hydration.server";

/**
 * The page as it streams, with its modulepreload links removed and its hydration module (the one
 * inline module script) rewritten to add them and import the same modules, in the same order of
 * evaluation, after the first contentful paint. Done with the runtime's HTMLRewriter, so the page
 * is not held back while it streams. A module of an unexpected shape is left as it was (the page
 * still hydrates, at once) and logged through `onUnexpected`; the build refuses such a page.
 */
export function hydrateAfterFirstPaint(page: Response, onUnexpected: (problem: string) => void): Response {
  const preloads: string[] = [];
  let moduleText: string | undefined;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        const href = link.getAttribute("href");
        if (!href) return;
        preloads.push(href);
        link.remove();
      },
    })
    .on('script[type="module"]', {
      element(script) {
        moduleText = script.hasAttribute("src") || moduleText !== undefined ? undefined : "";
      },
      text(chunk) {
        if (moduleText === undefined) return;
        moduleText += chunk.text;
        if (!chunk.lastInTextNode) {
          chunk.remove();
          return;
        }
        chunk.replace(rewrittenModule(moduleText, preloads, onUnexpected), { html: true });
      },
    })
    .transform(page);
}

function rewrittenModule(text: string, preloads: readonly string[], onUnexpected: (problem: string) => void): string {
  try {
    if (preloads.length === 0) throw new Error("no modulepreload link before the hydration module");
    return deferredHydration(text, preloads);
  } catch (error) {
    onUnexpected(error instanceof Error ? error.message : String(error));
    return text;
  }
}
