export function buildOnce(buildDir: string): void;
export function c2paVars(): { C2PA_SIGNING_KEY: string; C2PA_CERTIFICATE_CHAIN: string };
export function startServer(options: {
  buildDir: string;
  port: number;
  state: string;
  vars?: Record<string, string>;
  captureLogs?: boolean;
}): Promise<{ url: string; persist: string; logs(): string; stop(): void }>;
