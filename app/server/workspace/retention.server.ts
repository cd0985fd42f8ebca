// How long the workspace keeps what a subscriber produced (docs/operations.md 'Retention', privacy policy
// 'Retention'). The retention cron deletes anything older; deleting the account deletes it at once.
const DAY_SECONDS = 24 * 60 * 60;

/** Text results (inputs, settings, outputs, conversations): a year from their last change. */
export const HISTORY_RETENTION_SECONDS = 365 * DAY_SECONDS;
/** A subscriber's images and audio (a demo visitor's stay 24 hours). */
export const SUBSCRIBER_MEDIA_RETENTION_SECONDS = 30 * DAY_SECONDS;
/** Sign-in links that were never used are removed a day after they expired. */
export const UNUSED_SIGN_IN_TOKEN_GRACE_SECONDS = DAY_SECONDS;
