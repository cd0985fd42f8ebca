// Reading the mail the local Workers runtime "sent". Miniflare 5 (in `wrangler dev` and in
// @cloudflare/vitest-plugin) does not deliver `send_email` messages: it writes each message's text and
// HTML bodies to $TMPDIR/miniflare-<random>/email/email-text/<id>.txt and …/email-html/<id>.html
// (Miniflare 4 wrote them under files/ instead; read in miniflare 5.20261102's source on 2026-11-25),
// copies them into its resource folder when it has one, and logs the paths (README, 'Accounts'). The integration tests (inside workerd, no file system)
// ask this reader over HTTP; the end-to-end tests call `sentMailTo` directly.
import { readdir, readFile, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Every sign-in mail's text body addressed to `email` (the text names the address), oldest first.
 * @param {string} email
 * @returns {Promise<{ path: string, text: string, link: string | null, sentAt: number }[]>}
 */
export async function sentMailTo(email) {
  const root = tmpdir();
  const found = [];
  for (const entry of await readdir(root).catch(() => [])) {
    if (!entry.startsWith("miniflare-")) continue;
    const folder = join(root, entry, "email", "email-text");
    for (const file of await readdir(folder).catch(() => [])) {
      const path = join(folder, file);
      const text = await readFile(path, "utf8").catch(() => "");
      if (!text.includes(` as ${email}.`)) continue;
      const { mtimeMs } = await stat(path);
      const link = text.match(/https?:\/\/\S+\/sign-in\/confirm\?token=[\w-]+/)?.[0] ?? null;
      found.push({ path, text, link, sentAt: mtimeMs });
    }
  }
  return found.sort((a, b) => a.sentAt - b.sentAt);
}

/** GET /mail?to=<address> → sentMailTo(address) as JSON. */
export function startLocalMailReader() {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://reader");
    const to = url.searchParams.get("to") ?? "";
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(await sentMailTo(to)));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done(undefined))) });
    });
  });
}
