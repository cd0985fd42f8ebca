/** Flags for a quiet Chromium on a closed network, in a container without a GPU. */
export const quietChromiumFlags: string[];
/** Path of the Chromium to drive: $CHROME_PATH or Debian's, if present. */
export function findChromium(): string | undefined;
/** Like findChromium, installing Debian's chromium first where possible; exits with advice otherwise. */
export function ensureChromium(): string | undefined;
