import { Form, useNavigation } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { primaryButtonClass } from "~/components/ui/page-shell";
import { MAX_EMAIL_LENGTH } from "~/forms/account-forms";

/** One email field and its button; posts to /sign-in, so it works without JavaScript. */
export function SignInForm({ email, error }: { email?: string; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/sign-in";
  return (
    <Form method="post" action="/sign-in" className="mt-8 grid gap-4" noValidate>
      <div className="grid gap-2">
        <label htmlFor="sign-in-email" className="font-medium text-slate-100">
          Email address
        </label>
        <input
          id="sign-in-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={MAX_EMAIL_LENGTH}
          defaultValue={email}
          // After a refused submission the field is where the person has to act next.
          autoFocus={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "sign-in-email-error" : "sign-in-email-hint"}
          className="rounded-xl border border-white/15 bg-slate-950/60 px-4 py-3 text-white placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900"
          placeholder="name@example.com"
        />
        {error ? (
          <p id="sign-in-email-error" role="alert" className="flex items-start gap-2 text-rose-300">
            <Icon path={icons.circleAlert} className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        ) : (
          <p id="sign-in-email-hint" className="text-sm text-slate-400">
            Use the address you subscribed with. No password needed.
          </p>
        )}
      </div>
      <button type="submit" disabled={busy} className={`${primaryButtonClass} disabled:opacity-70`}>
        <Icon path={icons.mail} className="size-5" />
        {busy ? "Sending…" : "Email me a sign-in link"}
      </button>
    </Form>
  );
}
