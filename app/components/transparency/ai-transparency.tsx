import { Link } from "react-router";
import { StatementPage } from "~/components/legal/statement-page";
import { AI_LABEL, GENERATOR, TRAINED_ALGORITHMIC_MEDIA } from "~/content/ai-disclosure";
import { company } from "~/content/company";

// /ai-transparency (issue 44 item 5): what the site generates, how each kind is marked, how anyone
// checks it with a tool that is not ours, why pasted text cannot carry a robust mark, and the signer.
// Decisions 062 (the C2PA library) and 064 (visible labels, text disclosures, no text receipts).

export const SIGNER_CERTIFICATE_PATH = "/.well-known/c2pa-signer.pem";

const code = "rounded bg-slate-950/70 px-1.5 py-0.5 font-mono text-sm text-slate-100";
const block = "mt-4 overflow-x-auto rounded-xl border border-white/10 bg-slate-950/70 p-4 font-mono text-sm text-slate-100";
const cell = "border-b border-white/10 py-3 pr-4 align-top";

const marks: { kind: string; tools: string; marks: string }[] = [
  {
    kind: "Images",
    tools: "Imagine AI: generated and edited images, in every download format",
    marks: `The '${AI_LABEL}' label on the page; a C2PA manifest (Content Credentials) signed by ${GENERATOR} inside the file, naming IPTC's digital source type for AI-made media; the same source type in the file's XMP (images) or ID3/INFO tag (audio); the API's provenance object.`,
  },
  {
    kind: "Audio",
    tools: "Voiceover AI: every voiceover file",
    marks: `The '${AI_LABEL}' label beside the player; a signed C2PA manifest inside the file; the API's provenance object.`,
  },
  {
    kind: "Text",
    tools: "AI Writer, AI Humanizer and Conversational AI replies",
    marks: `The '${AI_LABEL}' label beside the text; a disclosure in every download format that has a place for one (Markdown front matter, Word document properties, HTML meta tags); the API's provenance object. Text you copy carries no mark: see below.`,
  },
];

export function AiTransparency() {
  return (
    <StatementPage
      title="AI transparency"
      reviewed="29 November 2026"
      lead={`Everything ${GENERATOR} generates is made by AI, and we say so: on the page, inside the files you download, and in the answers of the developer API. This page explains how each kind of content is marked and how you can check it yourself, without trusting us.`}
    >
      <h2 id="what-we-generate">What the site generates</h2>
      <p>
        Six tools run on this site. Five of them generate content with an AI model: images, voiceovers and text. The AI Detector does not
        generate content; it estimates whether a text you bring was written by AI.
      </p>
      <p>
        Each result is made either by a provider's model (OpenAI, when the operator configures it) or by the site's built-in offline demo
        engine. The provenance we attach names which one.
      </p>

      <h2 id="how-marked">How each kind is marked</h2>
      <table className="mt-6 w-full border-collapse text-left text-base">
        <caption className="sr-only">How each kind of generated content is marked</caption>
        <thead>
          <tr className="border-b border-white/15 text-sm text-slate-300">
            <th scope="col" className="py-2 pr-4">
              Kind
            </th>
            <th scope="col" className="py-2 pr-4">
              Where it comes from
            </th>
            <th scope="col" className="py-2">
              How it is marked
            </th>
          </tr>
        </thead>
        <tbody>
          {marks.map((row) => (
            <tr key={row.kind}>
              <th scope="row" className={`${cell} font-semibold text-white`}>
                {row.kind}
              </th>
              <td className={cell}>{row.tools}</td>
              <td className={`${cell} pr-0`}>{row.marks}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>On the page</h3>
      <p>
        Every generated image, audio player, text result and chat reply carries the label <strong>{`${AI_LABEL} by ${GENERATOR}`}</strong>,
        in words and not only as an icon. The result points at its label, so a screen reader announces it together with the image, the
        player or the text. Your history shows the same label on every result it keeps.
      </p>
      <h3>Inside image and audio files</h3>
      <p>
        Images and voiceover files carry a C2PA manifest, the open standard behind Content Credentials. It names {GENERATOR} as the claim
        generator, records the action <code className={code}>c2pa.created</code> with the digital source type{" "}
        <code className={`${code} break-all`}>{TRAINED_ALGORITHMIC_MEDIA}</code> (IPTC's term for media made by a trained model) when the AI
        provider made it, or <code className={code}>algorithmicMedia</code> when the offline demo engine drew or spoke it, and is signed, so
        any change to the file's pixels or samples makes the signature fail. An edit is recorded as{" "}
        <code className={code}>c2pa.edited</code> with the image you uploaded as its ingredient, and when a provider's image arrives with a
        manifest of its own, we keep it as an ingredient instead of stripping it.
      </p>
      <p>
        Beside the manifest, and covered by its signature, PNG, JPEG, WebP and SVG images carry an XMP metadata packet that photo tools
        read: the IPTC field <code className={code}>DigitalSourceType</code> with the same source type, the creator and creator tool{" "}
        {GENERATOR}, and a description saying the image is AI-generated. WAV voiceovers carry an INFO tag: software {GENERATOR} and a
        comment &ldquo;AI-generated&rdquo; with the source type; MP3 voiceovers carry the same in their ID3 tag (software and comment).
      </p>
      <h3>In text downloads</h3>
      <ul>
        <li>
          <strong>Markdown</strong> files start with a front matter block: <code className={code}>ai_generated: true</code>, the generator,
          the date and a disclosure sentence.
        </li>
        <li>
          <strong>Word documents (.docx)</strong> carry it in their document properties: the author is {GENERATOR}, and the description and
          keywords say the text is AI-generated (File → Info in Word shows them).
        </li>
        <li>
          <strong>HTML</strong> files carry <code className={code}>&lt;meta name="generator"&gt;</code> and a description meta tag, and the
          page itself says it is AI-generated.
        </li>
      </ul>
      <h3>In the developer API</h3>
      <p>
        Every generating endpoint answers a <code className={code}>provenance</code> object: <code className={code}>aiGenerated</code>, the
        generator, the engine and model, when it was created, whether the file carries a signed manifest{" "}
        <span className="whitespace-nowrap">
          (<code className={code}>manifest</code>)
        </span>
        , the IPTC digital source type and a disclosure sentence to publish with the content. The{" "}
        <Link to="/docs/api">API documentation</Link> describes each field.
      </p>

      <h2 id="verify">Check it yourself</h2>
      <p>
        You do not need to trust this site to check an image or a voiceover it made. Two independent tools from the C2PA project read it:
      </p>
      <ul>
        <li>
          <strong>Verify</strong>, the Content Credentials verifier at{" "}
          <a href="https://contentcredentials.org/verify" rel="noreferrer">
            contentcredentials.org/verify
          </a>
          : drop in the file you downloaded. It shows who signed it, that it was created by AI, and whether it has been changed since.
        </li>
        <li>
          <strong>c2patool</strong>, the C2PA project's command-line tool: it prints the file's manifest as JSON, with its validation
          results.
          <pre className={block}>
            <code>{"c2patool generated-image.png\nc2patool voiceover.wav"}</code>
          </pre>
        </li>
      </ul>
      <p>
        A file with no manifest is not evidence of anything: most tools and platforms remove metadata when they re-encode a file, and
        screenshots never carry it.
      </p>

      <h2 id="text">Why pasted text cannot carry a robust mark</h2>
      <p>
        Plain text is only characters. When you copy it, nothing but the characters travels with it: there is no file to hold a signed
        manifest or metadata. The marks that have been tried for text all fail in practice:
      </p>
      <ul>
        <li>
          <strong>Hidden characters</strong> (zero-width spaces and look-alike letters) are removed by any editor, search engine or
          plain-text filter, and they make the text harder to read for screen readers and translation tools.
        </li>
        <li>
          <strong>Statistical watermarks</strong> need control over how the model picks each word. For text from a provider's model we do
          not have that control, and a paraphrase — including our own humanizer's — weakens any such signal until it cannot be told apart
          from chance.
        </li>
        <li>
          <strong>Signed receipts</strong> of the exact text prove only those exact bytes: one changed comma breaks the match, and a person
          who wants to hide that a text is AI-generated simply does not show the receipt. We decided not to issue them for generated text.
        </li>
      </ul>
      <p>What we do instead:</p>
      <ul>
        <li>the visible label on every text result, in your history too;</li>
        <li>a disclosure in every download format that can carry one (Markdown, Word, HTML);</li>
        <li>
          the <code className={code}>provenance</code> object in the API, with a sentence to publish alongside the text;
        </li>
        <li>
          the <Link to="/ai-detector">AI Detector</Link>, usable without an account, which estimates how AI-like a text reads — a
          probability, never proof.
        </li>
      </ul>
      <p>If you publish text or media made here, say that it is AI-generated where your readers will see it.</p>

      <h2 id="signer">The signer</h2>
      <p>
        Manifests are signed with the operator's key, {company.legalName}'s, and its certificate chain. The signer's certificate is
        published at <a href={SIGNER_CERTIFICATE_PATH}>{SIGNER_CERTIFICATE_PATH}</a> (PEM), so you can compare it with the certificate a
        verifier shows.
      </p>
      <p>
        Our certificate is not on the C2PA trust list, so verifiers may name the signer as unknown or untrusted while still confirming that
        the manifest is intact and the file unchanged. A copy of the site run locally for development signs with a self-signed{" "}
        <strong>test signer</strong> made on its first run: files from such a copy prove nothing about who made them.
      </p>
      <p>
        Questions about these marks: <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>.
      </p>
    </StatementPage>
  );
}
