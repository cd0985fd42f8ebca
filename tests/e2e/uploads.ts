// A fixture as Playwright's setInputFiles takes it.

export const asUpload = ({ name, type, bytes }: { name: string; type: string; bytes: Uint8Array }) => ({
  name,
  mimeType: type,
  buffer: Buffer.from(bytes),
});
