import type { ReactNode } from "react";
import { Link } from "react-router";
import { CopyButton } from "~/components/ui/copy-button";
import { PageShell } from "~/components/ui/page-shell";

// /docs/receipts: what a scan receipt proves and how to check one with standard tools only.

const code = "rounded bg-slate-800 px-1.5 py-0.5 font-mono text-sm text-slate-100";
const block =
  "mt-3 whitespace-pre-wrap [overflow-wrap:anywhere] rounded-xl border border-white/10 bg-slate-950 p-4 font-mono text-sm leading-6 text-slate-100";
const link = "font-semibold text-cyan-300 underline underline-offset-4";

function CodeBlock({ label, text }: { label: string; text: string }) {
  return (
    <figure className="mt-4">
      <figcaption className="flex items-center justify-between gap-3 text-sm font-semibold text-slate-300">
        {label}
        <CopyButton text={text} />
      </figcaption>
      <pre className={block}>{text}</pre>
    </figure>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-white">
        {title}
      </h2>
      <div className="mt-3 grid gap-3 text-slate-200">{children}</div>
    </section>
  );
}

export function ReceiptsDocs({ origin, publicKey: key }: { origin: string; publicKey?: { keyId: string; pem: string } }) {
  const keys = `${origin}/.well-known/contentforge-receipt-keys.json`;
  const pem = `${origin}/.well-known/contentforge-receipt-key.pem`;
  const example =
    '{"v":3,"type":"contentforge.scan-receipt","reportId":"3f9a…","sha256":"9b71…","file":{"name":"essay.pdf","kind":"pdf","pages":12},' +
    '"verdict":"likely-ai","strictness":{"level":"balanced","band":"200-499","likelyAiFrom":0.85,"mixedFrom":0.5},"probability":87,' +
    '"engine":"contentforge-trained-detector","detectorVersion":"weights-sha256:…","createdAt":"2026-11-26T09:41:07Z","keyId":"…"}';
  return (
    <PageShell width="max-w-4xl">
      <h1 className="text-4xl font-bold text-white">Verifying a scan receipt</h1>
      <p className="mt-6 text-slate-200">
        Every AI detection report carries a receipt signed with Ed25519. With the public key below and a standard tool, anyone can check
        that this text (by its SHA-256) got this verdict and probability from this detector version at this time, and that not one byte of
        it was changed since. A receipt proves what the detector said, not that the detector was right: see 'How accurate is this?' on the{" "}
        <Link to="/ai-detector" className={link}>
          AI detector
        </Link>
        .
      </p>

      <Section id="signed-bytes" title="The signed bytes">
        <p>
          The signature is over the receipt's <code className={code}>payload</code> exactly as given: JSON in ASCII (other characters of a
          file name as <code className={code}>\u</code> escapes), no spaces or line breaks, no newline at the end, with these keys in this
          order:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <code className={code}>v</code> 3 and <code className={code}>type</code> "contentforge.scan-receipt" (receipts of version 1,
            signed before 2026-11-28, have no <code className={code}>file</code>; those of version 2, signed before 2026-11-29, have no{" "}
            <code className={code}>strictness</code>; both verify as they are);
          </li>
          <li>
            <code className={code}>reportId</code>, the report's id; <code className={code}>sha256</code>, the hex SHA-256 of the scanned
            text's UTF-8 bytes (line breaks as LF; 'Download the text' on the report gives those bytes);
          </li>
          <li>
            <code className={code}>file</code>, the uploaded document the report names, as the server read it (its{" "}
            <code className={code}>name</code>, <code className={code}>kind</code> and <code className={code}>pages</code>, null for other
            than a PDF), or null for pasted text;
          </li>
          <li>
            <code className={code}>verdict</code> (likely-human, mixed, likely-ai, too-short or english-only);
          </li>
          <li>
            <code className={code}>strictness</code>, the level the verdict was given at and its line: its{" "}
            <code className={code}>level</code> (strict, balanced or sensitive), the text's length <code className={code}>band</code> in
            words, and the probabilities (0–1) from which that level says 'Likely AI' (<code className={code}>likelyAiFrom</code>) and
            'Mixed' (<code className={code}>mixedFrom</code>) for that band; null when the text got no score;
          </li>
          <li>
            <code className={code}>probability</code> (percent, or null without a score);
          </li>
          <li>
            <code className={code}>engine</code> and <code className={code}>detectorVersion</code> (the SHA-256 of the model's weights);
          </li>
          <li>
            <code className={code}>createdAt</code> (UTC, ISO 8601) and <code className={code}>keyId</code>, which key signed it.
          </li>
        </ul>
        <pre className={block}>{example}</pre>
        <p>
          The <code className={code}>signature</code> is the 64-byte Ed25519 signature (RFC 8032) in base64. Verify the bytes you were
          given: do not rebuild the JSON yourself.
        </p>
      </Section>

      <Section id="public-key" title="The public key">
        {key ? (
          <>
            <p>
              Key <code className={code}>{key.keyId}</code> (the first 16 hex digits of the SHA-256 of its 32 raw bytes), as a JWKS at{" "}
              <a href="/.well-known/contentforge-receipt-keys.json" className={link}>
                /.well-known/contentforge-receipt-keys.json
              </a>{" "}
              and as PEM at{" "}
              <a href="/.well-known/contentforge-receipt-key.pem" className={link}>
                /.well-known/contentforge-receipt-key.pem
              </a>
              :
            </p>
            <pre className={block}>{key.pem}</pre>
            <p>
              The PEM is the current key only. When the key is rotated, the earlier keys stay in the JWKS, marked{" "}
              <code className={code}>{'"status": "retired"'}</code>: they sign nothing new, and the receipts they signed keep verifying.
              Pick the key whose <code className={code}>kid</code> is the receipt&apos;s <code className={code}>keyId</code>.
            </p>
          </>
        ) : (
          <p>Receipts are not configured on this server: it signs nothing, and its key list is empty.</p>
        )}
      </Section>

      <Section id="openssl" title="With openssl (3.0 or later)">
        <p>
          Download the receipt from the report ('Download the receipt', a <code className={code}>receipt.json</code>), then:
        </p>
        <CodeBlock
          label="Shell"
          text={[
            `curl -s ${pem} -o receipt-key.pem`,
            `node -e 'process.stdout.write(require("./receipt.json").payload)' > payload.json   # or: jq -j .payload receipt.json`,
            `node -e 'process.stdout.write(require("./receipt.json").signature)' | base64 -d > signature.bin`,
            "openssl pkeyutl -verify -pubin -inkey receipt-key.pem -rawin -in payload.json -sigfile signature.bin",
          ].join("\n")}
        />
        <p>
          It prints <code className={code}>Signature Verified Successfully</code>; change one byte of{" "}
          <code className={code}>payload.json</code> and it fails. Then check the text: <code className={code}>sha256sum</code> of the
          downloaded text must equal the payload's <code className={code}>sha256</code>.
        </p>
      </Section>

      <Section id="node" title="With Node.js or WebCrypto">
        <CodeBlock
          label="Node.js (node:crypto)"
          text={[
            'import { createPublicKey, verify } from "node:crypto";',
            'import { readFileSync } from "node:fs";',
            "",
            'const receipt = JSON.parse(readFileSync("receipt.json", "utf8"));',
            `const { keys } = await (await fetch("${keys}")).json();`,
            "const jwk = keys.find((key) => key.kid === receipt.keyId);",
            'const publicKey = createPublicKey({ key: jwk, format: "jwk" });',
            'const valid = verify(null, Buffer.from(receipt.payload, "utf8"), publicKey, Buffer.from(receipt.signature, "base64"));',
            'console.log(valid ? "valid" : "NOT valid");',
          ].join("\n")}
        />
        <p>
          In a browser, Deno or a Worker:{" "}
          <code className={code}>
            crypto.subtle.importKey("jwk", jwk, {"{"} name: "Ed25519" {"}"}, false, ["verify"])
          </code>
          , then <code className={code}>crypto.subtle.verify("Ed25519", key, signatureBytes, payloadBytes)</code>.
        </p>
      </Section>
    </PageShell>
  );
}
