import { expect, test } from "./test";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Icon } from "../../app/components/ui/icon";
import * as paths from "../../app/components/ui/lucide-paths";
import { exportName, iconNames } from "../../scripts/lucide-paths.mjs";

// The site draws each Lucide icon as one joined path (scripts/lucide-paths.mjs) with its own Icon
// component. Rendered large, every one must cover exactly the pixels lucide-react's component covers.

test("every joined icon path draws the same pixels as lucide-react's component", async ({ page }) => {
  const pairs = await Promise.all(
    iconNames.map(async (name) => {
      const module = (await import(`lucide-react/icons/${name}`)) as { default: ComponentType<{ width: number; height: number }> };
      const lucide = renderToStaticMarkup(createElement(module.default, { width: 96, height: 96 }));
      const path = (paths as Record<string, string>)[exportName(name)]!;
      const joined = renderToStaticMarkup(createElement(Icon, { path }));
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
      context.drawImage(image, 0, 0, 96, 96);
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
