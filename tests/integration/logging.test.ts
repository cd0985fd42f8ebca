import { env } from "cloudflare:workers";
import { afterEach, expect, it, vi } from "vitest";
import { log } from "~/server/log.server";

// LOG_LEVEL decides the least severe line written (this suite runs with "warn", vitest.config.ts).
const configured = env.LOG_LEVEL;
afterEach(() => {
  env.LOG_LEVEL = configured;
  vi.restoreAllMocks();
});

function writtenLines(level: string | undefined): string[] {
  env.LOG_LEVEL = level as string;
  const lines: string[] = [];
  for (const method of ["log", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((line: string) => void lines.push(`${method} ${line}`));
  }
  log("info", "request", { path: "/" });
  log("warn", "webhook signature rejected");
  log("error", "tool action failed");
  vi.restoreAllMocks();
  return lines.map((line) => line.replace(/"requestId":[^,]*,/, ""));
}

it("writes every level by default and at info, one JSON line each on the console method of its level", () => {
  const expected = [
    'log {"level":"info","message":"request","path":"/"}',
    'warn {"level":"warn","message":"webhook signature rejected"}',
    'error {"level":"error","message":"tool action failed"}',
  ];
  expect(writtenLines("info")).toEqual(expected);
  expect(writtenLines("")).toEqual(expected);
  expect(writtenLines("verbose")).toEqual(expected);
});

it("leaves out the levels below LOG_LEVEL", () => {
  expect(writtenLines("warn")).toEqual([
    'warn {"level":"warn","message":"webhook signature rejected"}',
    'error {"level":"error","message":"tool action failed"}',
  ]);
  expect(writtenLines(" ERROR ")).toEqual(['error {"level":"error","message":"tool action failed"}']);
});
