// Every cookie the site sets (the /cookies page). Nothing else is stored in the browser by us: no
// analytics, advertising or third-party cookies. Stripe sets its own on its checkout pages.
export const siteCookies = [
  {
    name: "__Host-session",
    purpose:
      "Keeps you signed in. It holds a random session id, signed; the session itself is a record on our servers that signing out deletes.",
    lifetime: "30 days from your last visit",
    kind: "Strictly necessary",
  },
  {
    name: "signed-in",
    purpose:
      "Says only that this browser is signed in (the value is 1), so pages that are the same for everyone can show 'Dashboard' instead of 'Sign in'. It carries nothing secret and is removed when you sign out.",
    lifetime: "30 days from your last visit, like the session",
    kind: "Strictly necessary",
  },
  {
    name: "__Host-report-owner",
    purpose:
      "Set when you make an AI detection report without a subscription: a random value that lets this browser open, share and delete its reports. We keep only a fingerprint of it.",
    lifetime: "24 hours from your newest report, as long as the reports themselves",
    kind: "Strictly necessary",
  },
  {
    name: "__Host-chat-files",
    purpose:
      "Set when you open the chat without signing in: a random value that lets this browser's conversation use its files again and find a reply still being written after a lost connection, and nobody else's. We keep only a fingerprint of it.",
    lifetime: "24 hours from your last visit to the chat",
    kind: "Strictly necessary",
  },
  {
    name: "__Host-subscriber",
    purpose: "The sign-in cookie of an earlier version of the site. It is no longer read: if your browser still sends it, we remove it.",
    lifetime: "Removed on your next visit",
    kind: "Strictly necessary (being removed)",
  },
] as const;
