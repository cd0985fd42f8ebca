import { Form } from "react-router";
import { Card, ErrorBox } from "~/components/tools/form-parts";
import { documentLimits } from "~/forms/document-limits";
import { CREDENTIALS_ACCEPT } from "~/shared/credentials-report";

// The detector page's 'Check Content Credentials' section: its own multipart form, posted to
// /ai-detector/credentials, which answers with this form again and the report (no JavaScript needed).

const FILE_ID = "credentials-file";

export function CredentialsCheckForm({ error }: { error?: string }) {
  return (
    <section aria-labelledby="credentials-check-heading" className="mt-10">
      <Card>
        <h2 id="credentials-check-heading" className="text-xl font-semibold text-white">
          Check Content Credentials
        </h2>
        <p className="mt-2 text-slate-300">
          Read the signed C2PA Content Credentials and the IPTC AI-source label of an image or PDF: who signed it, what made it, and whether
          it changed since. Free, and the file is not stored.
        </p>
        <Form method="post" action="/ai-detector/credentials" encType="multipart/form-data" className="mt-4 grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="font-semibold text-white">File to check</legend>
            <label htmlFor={FILE_ID} className="text-sm text-slate-300">
              {`A PNG, JPEG or WebP image, or a PDF, of up to ${documentLimits.fileBytes / (1024 * 1024)} MB`}
            </label>
            <input
              id={FILE_ID}
              type="file"
              name="file"
              accept={CREDENTIALS_ACCEPT}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${FILE_ID}-error` : undefined}
              className="w-full min-w-0 text-sm text-slate-300 file:mr-4 file:rounded-lg file:border-0 file:bg-white/10 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-white/15"
            />
            {error ? <ErrorBox id={`${FILE_ID}-error`}>{error}</ErrorBox> : null}
          </fieldset>
          <div>
            <button
              type="submit"
              className="inline-flex items-center justify-center rounded-xl bg-white/10 px-6 py-3 font-semibold text-white transition hover:bg-white/15"
            >
              Check credentials
            </button>
          </div>
        </Form>
      </Card>
    </section>
  );
}
