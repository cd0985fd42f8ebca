import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { renderLucidePaths, shapeToPath } from "../../scripts/lucide-paths.mjs";

describe("lucide-paths", () => {
  it("the committed file is what `npm run icons` writes from the installed lucide-react", async () => {
    const committed = await readFile(new URL("../../app/components/ui/lucide-paths.ts", import.meta.url), "utf8");
    expect(committed).toBe(await renderLucidePaths());
  });

  it("turns each shape into path data that starts with an absolute moveto", () => {
    expect(shapeToPath(["path", { d: "m12 5 7 7-7 7", key: "a" }])).toBe("M12 5l7 7-7 7");
    expect(shapeToPath(["path", { d: "M18 6 6 18" }])).toBe("M18 6L6 18");
    expect(shapeToPath(["path", { d: "m.5.5h3" }])).toBe("M.5 .5h3");
    expect(shapeToPath(["line", { x1: "2", x2: "22", y1: "10", y2: "10" }])).toBe("M2 10L22 10");
    expect(shapeToPath(["circle", { cx: "12", cy: "12", r: "10" }])).toBe("M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0");
    expect(shapeToPath(["rect", { x: "3", y: "4", width: "18", height: "16", rx: "2" }])).toBe(
      "M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2z",
    );
    expect(shapeToPath(["rect", { width: "4", height: "4" }])).toBe("M0 0h4v4h-4z");
    expect(shapeToPath(["polygon", { points: "1,2 3,4 5,6" }])).toBe("M1 2L3 4L5 6z");
  });

  it("refuses a shape it cannot merge without changing how it is drawn", () => {
    expect(() => shapeToPath(["circle", { cx: "12", cy: "12", r: "1", fill: "currentColor" }])).toThrow(/fill/);
    expect(() => shapeToPath(["text", { x: "1" }])).toThrow(/text/);
  });
});
