import { Form, Link } from "react-router";
import { CopyButton } from "~/components/ui/copy-button";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";
import { limits } from "~/forms/limits";
import type { ApiKeysState } from "~/shared/api-keys";
import { TextField } from "~/components/ui/text-field";

const formatTime = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

/** The dashboard's 'API keys': create (the secret is shown once), list and revoke; plain forms, no JavaScript needed. */
export function ApiKeysSection({
  state,
  created,
  error,
  busy,
}: {
  state: ApiKeysState;
  created?: { name: string; secret: string };
  error?: string;
  busy: boolean;
}) {
  return (
    <section id="api-keys" aria-labelledby="api-keys-heading" className="mt-8 rounded-2xl border border-white/10 bg-slate-900/60 p-6">
      <h2 id="api-keys-heading" className="text-2xl font-bold text-white">
        API keys
      </h2>
      <p className="mt-2 text-slate-300">
        Script every tool with JSON over HTTPS; calls count against the same monthly quotas as the web tools.{" "}
        <Link to="/docs/api" className="font-semibold text-violet-300 underline underline-offset-4">
          Read the API docs
        </Link>
        .
      </p>
      {state.access === "upgrade" ? (
        <p className="mt-4 text-slate-200">
          API access comes with the Pro and Startup plans.{" "}
          <Link to="/pricing" className="font-semibold text-white underline underline-offset-4">
            Upgrade your plan
          </Link>{" "}
          to create keys.
        </p>
      ) : state.access === "inactive" ? (
        <p className="mt-4 text-amber-200">
          Your subscription is not active, so API keys cannot be created or used. Manage billing above to restore it.
        </p>
      ) : (
        <>
          {created ? (
            <div role="status" className="mt-4 rounded-xl border border-emerald-500/40 bg-emerald-500/10 p-4">
              <p className="font-semibold text-emerald-200">Your new key “{created.name}”. Copy it now: it is shown only once.</p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <label htmlFor="new-api-key" className="sr-only">
                  New API key
                </label>
                <input
                  id="new-api-key"
                  readOnly
                  value={created.secret}
                  className="min-w-0 flex-1 rounded-lg border border-white/15 bg-slate-950 px-3 py-2 font-mono text-sm text-white"
                />
                <CopyButton text={created.secret} label="Copy key" />
              </div>
            </div>
          ) : null}
          {error ? (
            <p
              role="alert"
              className="mt-4 flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200"
            >
              <Icon path={icons.circleAlert} className="mt-0.5 size-5 shrink-0" />
              <span>{error}</span>
            </p>
          ) : null}
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="create-key" />
            <TextField
              id="api-key-name"
              label="Key name"
              name="name"
              required
              maxLength={limits.apiKeyName}
              placeholder="e.g. Blog pipeline"
              className="min-w-0 flex-1"
            />
            <button
              type="submit"
              disabled={busy || state.keys.length >= state.maxKeys}
              className={`${primaryButtonClass} disabled:opacity-70`}
            >
              Create key
            </button>
          </Form>
          <p className="mt-2 text-sm text-slate-400">
            {state.keys.length} of {state.maxKeys} keys in use.
          </p>
          {state.keys.length > 0 ? (
            <ul className="mt-4 grid gap-3" aria-label="Your API keys">
              {state.keys.map((key) => (
                <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 p-4">
                  <div className="min-w-0">
                    <p className="font-semibold text-white">{key.name}</p>
                    <p className="font-mono text-sm text-slate-300">{key.prefix}…</p>
                    <p className="text-sm text-slate-400">
                      Created {formatTime(key.createdAt)} · {key.lastUsedAt ? `Last used ${formatTime(key.lastUsedAt)}` : "Never used"}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke-key" />
                    <input type="hidden" name="keyId" value={key.id} />
                    <button type="submit" disabled={busy} className={secondaryButtonClass} aria-label={`Revoke ${key.name}`}>
                      <Icon path={icons.trash2} className="size-4" />
                      Revoke
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
