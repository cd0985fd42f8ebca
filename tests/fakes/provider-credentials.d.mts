export const PROVIDER_CLAIM_GENERATOR: string;
export function providerImageSigner(): Promise<{ rootCertificate: string; sign(png: Buffer): Promise<Buffer> }>;
