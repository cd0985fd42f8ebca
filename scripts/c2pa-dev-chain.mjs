// A development C2PA signer: a P-256 root and a signer certificate it issued, made with openssl in
// the certificate profile c2pa-rs and c2pa-ts both accept (docs/decisions/062): the root
// CA:TRUE with keyCertSign and cRLSign; the signer CA:FALSE, keyUsage digitalSignature (critical),
// extendedKeyUsage emailProtection and C2PA's document signing (1.3.6.1.5.5.7.3.36), with subject
// and authority key ids. Used by scripts/dev-vars.mjs (the first local run), the tests and the fakes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * `name` goes into both subjects ("ContentForge AI development" → "… root", "… signer (test signer)").
 * Returns the signer's key (PKCS#8 PEM), the chain (PEM, leaf first) and the root (PEM) to trust.
 */
export function makeC2paChain(name = "ContentForge AI development", { testSigner = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "c2pa-chain-"));
  const file = (part) => join(dir, part);
  const openssl = (...args) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  try {
    openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", file("root.key"));
    openssl(
      "req",
      "-x509",
      "-new",
      "-key",
      file("root.key"),
      "-sha256",
      "-days",
      "3650",
      "-subj",
      `/O=${name}/CN=${name} root`,
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
      "-addext",
      "subjectKeyIdentifier=hash",
      "-out",
      file("root.pem"),
    );
    openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", file("signer.key"));
    const signerName = `${name} signer${testSigner ? " (test signer)" : ""}`;
    openssl("req", "-new", "-key", file("signer.key"), "-subj", `/O=${name}/CN=${signerName}`, "-out", file("signer.csr"));
    writeFileSync(
      file("signer.ext"),
      [
        "basicConstraints=critical,CA:FALSE",
        "keyUsage=critical,digitalSignature",
        "extendedKeyUsage=emailProtection,1.3.6.1.5.5.7.3.36",
        "subjectKeyIdentifier=hash",
        "authorityKeyIdentifier=keyid:always",
      ].join("\n"),
    );
    openssl(
      "x509",
      "-req",
      "-in",
      file("signer.csr"),
      "-CA",
      file("root.pem"),
      "-CAkey",
      file("root.key"),
      "-CAcreateserial",
      "-sha256",
      "-days",
      "825",
      "-extfile",
      file("signer.ext"),
      "-out",
      file("signer.pem"),
    );
    const root = readFileSync(file("root.pem"), "utf8");
    return {
      signingKey: readFileSync(file("signer.key"), "utf8"),
      certificateChain: readFileSync(file("signer.pem"), "utf8") + root,
      rootCertificate: root,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
