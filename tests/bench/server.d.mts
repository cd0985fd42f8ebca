export function buildOnce(buildDir: string): void;
export function startServer(options: {
  buildDir: string;
  port: number;
  state: string;
  vars?: Record<string, string>;
  captureLogs?: boolean;
}): Promise<{ url: string; persist: string; logs(): string; stop(): void }>;
