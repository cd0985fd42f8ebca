import { expect, test } from "@playwright/test";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { iconNames } from "../../scripts/lucide-paths.mjs";
import * as paths from "../../app/components/ui/lucide-paths";

// The site draws each Lucide icon as one joined path (scripts/lucide-paths.mjs). Rendered large,
// every one must cover exactly the pixels lucide-react's own component covers.
const camel = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

test("every joined icon path draws the same pixels as lucide-react's component", async ({ page }) => {
  const pairs = await Promise.all(
    iconNames.map(async (name) => {
      const module = (await import(`lucide-react/icons/${name}`)) as { default: ComponentType<{ width: number; height: number }> };
      const lucide = renderToStaticMarkup(createElement(module.default, { width: 96, height: 96 }));
      const d = (paths as Record<string, string>)[camel(name)];
      const joined = `<svg width="96" height="96" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${d}"/></svg>`;
      return `<div data-icon="${name}"><span>${lucide}</span><span>${joined}</span></div>`;
    }),
  );
  await page.setContent(`<body style="margin:0;background:#fff;color:#000">${pairs.join("")}</body>`);

  const report = await page.evaluate(async () => {
    const pixels = async (svg: SVGSVGElement) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = new OffscreenCanvas(96, 96);
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, 96, 96).data;
    };
    const rows = [];
    for (const row of document.querySelectorAll<HTMLElement>("[data-icon]")) {
      const [lucide, joined] = [...row.querySelectorAll("svg")];
      const [a, b] = [await pixels(lucide!), await pixels(joined!)];
      let ink = 0;
      let differing = 0;
      for (let i = 3; i < a.length; i += 4) {
        if (a[i]! > 127) ink++;
        if (Math.abs(a[i]! - b[i]!) > 64) differing++;
      }
      rows.push({ name: row.dataset.icon, ink, differing });
    }
    return rows;
  });

  expect(report).toHaveLength(iconNames.length);
  for (const { name, ink, differing } of report) {
    expect(ink, `${name} draws something`).toBeGreaterThan(300);
    expect(differing, `${name}: pixels that differ from lucide-react`).toBe(0);
  }
});
