export type SentMail = { path: string; text: string; link: string | null; sentAt: number };
export function sentMailTo(email: string): Promise<SentMail[]>;
export function startLocalMailReader(): Promise<{ url: string; close: () => Promise<void> }>;
