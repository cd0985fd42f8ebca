// Range requests let audio players seek without downloading everything first.

export type ByteRange = { offset: number; length: number };

/**
 * One `bytes=` range against an object of `size` bytes (RFC 9110 §14): a range to serve,
 * "unsatisfiable", or undefined to ignore the header and send everything (malformed or multiple).
 */
export function parseRange(header: string | null, size: number): ByteRange | "unsatisfiable" | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { offset: start, length: end - start + 1 };
}
