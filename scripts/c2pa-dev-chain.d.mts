export function makeC2paChain(
  name?: string,
  options?: { testSigner?: boolean },
): { signingKey: string; certificateChain: string; rootCertificate: string };
