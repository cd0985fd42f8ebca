import type { ToolId } from "./tools";

// The three subscription plans of spec §9, as data: the pricing page, the payment page, the
// dashboard and the quota check all read this one record. Stripe price ids are configuration
// (vars STRIPE_PRICE_*), so they live on the server (app/server/billing/config.server.ts).
export const planIds = ["basic", "pro", "startup"] as const;
export type PlanId = (typeof planIds)[number];

/** Monthly allowance per tool; voiceover counts minutes of speech, the others one per action; null = unlimited. */
export type PlanQuotas = Record<ToolId, number | null>;

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  /** Monthly price in minor units of PLAN_CURRENCY (docs/architecture.md: 1699 → $16.99 a month). */
  priceMinor: number;
  popular: boolean;
  features: readonly string[];
  quotas: PlanQuotas;
};

export const plans: readonly Plan[] = [
  {
    id: "basic",
    name: "Basic",
    description: "For individual creators getting started with AI content.",
    priceMinor: 1699,
    popular: false,
    features: [
      "AI Detection 100 scans/month",
      "AI Humanizer 50 texts/month",
      "AI Writer 25 generations/month",
      "Voiceover 10 minutes/month",
      "Image Generation 20 images/month",
      "Chat AI 100 messages/month",
      "Email Support",
      "Basic Analytics",
    ],
    quotas: { detector: 100, humanizer: 50, writer: 25, voiceover: 10, imagine: 20, chat: 100 },
  },
  {
    id: "pro",
    name: "Pro",
    description: "For growing businesses and busy content teams.",
    priceMinor: 2499,
    popular: true,
    features: [
      "AI Detection unlimited scans",
      "AI Humanizer 200 texts/month",
      "AI Writer 100 generations/month",
      "Voiceover 60 minutes/month",
      "Image Generation 100 images/month",
      "Chat AI unlimited",
      "Priority Support",
      "Advanced Analytics",
      "API Access",
    ],
    quotas: { detector: null, humanizer: 200, writer: 100, voiceover: 60, imagine: 100, chat: null },
  },
  {
    id: "startup",
    name: "Startup",
    description: "For large organisations that need everything, at scale.",
    priceMinor: 3999,
    popular: false,
    features: [
      "Unlimited everything",
      "Custom AI models",
      "Dedicated account manager",
      "Custom integration support",
      "Advanced security features",
      "SLA guarantee",
      "Team training",
      "Custom analytics dashboard",
    ],
    quotas: { detector: null, humanizer: null, writer: null, voiceover: null, imagine: null, chat: null },
  },
];

/** The plan chosen when none (or an unknown one) is asked for: the popular one. */
export const defaultPlanId: PlanId = "pro";

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (planIds as readonly string[]).includes(value);
}

export function findPlan(id: string | null | undefined): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** 1699, "usd" → "$16.99". An unknown currency code falls back to USD rather than throwing. */
export function formatPlanPrice(priceMinor: number, currency: string): string {
  const format = (code: string) => {
    const formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: code.toUpperCase() });
    const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
    return formatter.format(priceMinor / 10 ** digits);
  };
  try {
    return format(currency);
  } catch {
    return format("usd");
  }
}

/**
 * A chat message sent with 'Search the web' counts as this many messages: the reply and the
 * searches (OpenAI bills web search calls on top of the tokens). Decision 048.
 */
export const WEB_SEARCH_MESSAGE_UNITS = 2;
export const webSearchQuotaNote = "A chat message that searches the web counts as two messages.";

/** How each tool's quota reads on the dashboard. */
export const quotaUnits: Record<ToolId, { label: string; unit: string }> = {
  detector: { label: "AI Detection", unit: "scans" },
  humanizer: { label: "AI Humanizer", unit: "texts" },
  writer: { label: "AI Writer", unit: "generations" },
  voiceover: { label: "Voiceover", unit: "minutes" },
  imagine: { label: "Image Generation", unit: "images" },
  chat: { label: "Chat AI", unit: "messages" },
};

/** Voiceover quotas count minutes: the text's speaking time at ~150 words a minute, rounded up. */
export function estimatedSpeechMinutes(text: string, speed = 1): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / (150 * (speed > 0 ? speed : 1))));
}
