import { Form, useNavigation } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { primaryButtonClass } from "~/components/ui/page-shell";
import { TextField } from "~/components/ui/text-field";
import { MAX_EMAIL_LENGTH } from "~/forms/account-forms";

/** One email field and its button; posts to /sign-in, so it works without JavaScript. */
export function SignInForm({ email, error }: { email?: string; error?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/sign-in";
  return (
    <Form method="post" action="/sign-in" className="mt-8 grid gap-4" noValidate>
      <TextField
        id="sign-in-email"
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={MAX_EMAIL_LENGTH}
        defaultValue={email}
        // After a refused submission the field is where the person has to act next.
        autoFocus={Boolean(error)}
        placeholder="name@example.com"
        error={error}
        hint="Use the address you subscribed with. No password needed."
      />
      <button type="submit" disabled={busy} className={`${primaryButtonClass} disabled:opacity-70`}>
        <Icon path={icons.mail} className="size-5" />
        {busy ? "Sending…" : "Email me a sign-in link"}
      </button>
    </Form>
  );
}
