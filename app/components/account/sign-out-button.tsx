import { Form } from "react-router";
import type { SignOutScope } from "~/forms/account-forms";

/** A POST to /sign-out (a form, so it works without JavaScript and passes the cross-site check). */
export function SignOutButton({
  scope = "this-device",
  className,
  children = "Sign out",
}: {
  scope?: SignOutScope;
  className: string;
  children?: string;
}) {
  return (
    <Form method="post" action="/sign-out">
      <input type="hidden" name="scope" value={scope} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
