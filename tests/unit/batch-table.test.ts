import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/server/csv.server";
import { batchSortOf, sortBatchRows, type BatchRow } from "~/shared/batch";

// The batch table's sort (by the page's links) and its CSV's cells, which a spreadsheet must show
// as text, never run as a formula.

const row = (name: string, probability: number | null, verdict: BatchRow["verdict"], words: number | null = 100): BatchRow => ({
  name,
  words,
  verdict,
  probability,
  reportId: probability === null && verdict === null ? null : "0".repeat(32),
  problem: verdict === null ? "This PDF has no text to read." : null,
});

const rows = [
  row("b.pdf", 40, "likely-human", 300),
  row("scan.pdf", null, null, null),
  row("A.docx", 91, "likely-ai", 120),
  row("c.txt", null, "too-short", 12),
  row("d.md", 66, "mixed", 500),
];

describe("sorting a batch's rows", () => {
  const names = (key: string, dir = "asc") => sortBatchRows(rows, batchSortOf(new URLSearchParams({ sort: key, dir }))).map((r) => r.name);

  it("sorts each column both ways, rows without the value always last", () => {
    expect(names("probability", "desc")).toEqual(["A.docx", "d.md", "b.pdf", "scan.pdf", "c.txt"]);
    expect(names("probability")).toEqual(["b.pdf", "d.md", "A.docx", "scan.pdf", "c.txt"]);
    expect(names("words", "desc")).toEqual(["d.md", "b.pdf", "A.docx", "c.txt", "scan.pdf"]);
    expect(names("file")).toEqual(["A.docx", "b.pdf", "c.txt", "d.md", "scan.pdf"]);
    expect(names("verdict")).toEqual(["A.docx", "d.md", "b.pdf", "c.txt", "scan.pdf"]);
  });

  it("keeps the files' order for no sort or an unknown one", () => {
    expect(names("size")).toEqual(rows.map((r) => r.name));
    expect(sortBatchRows(rows, batchSortOf(new URLSearchParams()))).toBe(rows);
  });
});

describe("CSV cells", () => {
  it("defuses formula starts with an apostrophe and quotes commas, quotes and line breaks", () => {
    expect(csvCell("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("\tTAB")).toBe("'\tTAB");
    expect(csvCell('=HYPERLINK("http://x", "a, b")')).toBe(`"'=HYPERLINK(""http://x"", ""a, b"")"`);
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("essay.pdf")).toBe("essay.pdf");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    expect(
      toCsv([
        ["a", 1],
        [null, "b"],
      ]),
    ).toBe("a,1\r\n,b\r\n");
  });
});
