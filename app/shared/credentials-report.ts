// What the credentials check answers (app/server/credentials/credentials-check.server.ts): the page
// renders it, the developer API sends it as JSON.

/** An IPTC digital source type and what it means in words ("made by an AI model"). */
export type SourceTypeReading = { uri: string; words: string; ai: boolean };

export type CredentialsReport = {
  format: "image/png" | "image/jpeg" | "image/webp" | "application/pdf";
  /** A C2PA manifest was found (valid, tampered or untrusted). */
  found: boolean;
  state: "valid" | "tampered" | "untrusted" | "none";
  stateWords: string;
  signer?: string;
  issuer?: string;
  claimGenerator?: string;
  actions: { action: string; softwareAgent?: string; source?: SourceTypeReading }[];
  /** The active manifest's AI source type. */
  aiSource?: SourceTypeReading;
  ingredients: { title?: string; relationship?: string; format?: string; claimGenerator?: string; signer?: string }[];
  /** The validator's failure codes, empty when valid. */
  failures: string[];
  /** Iptc4xmpExt:DigitalSourceType values in the file's XMP metadata, apart from any manifest. */
  xmpSourceTypes: SourceTypeReading[];
  /** Said whenever no credentials were found: an absence is not a verdict. */
  note?: string;
};

/** What the file field offers (the server decides by the bytes). */
export const CREDENTIALS_ACCEPT = ".png,.jpg,.jpeg,.webp,.pdf,image/png,image/jpeg,image/webp,application/pdf";
