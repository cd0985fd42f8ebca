import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The route table of the spec (§2), plus the routes ARCHITECTURE.md decides: /chat-ai redirects,
// /pricing, /dashboard, /docs/api and the sign-in routes exist, /healthz answers without React, /api/* is the
// developer API (JSON only), and a splat renders the 404 page.
export default [
  index("routes/home.tsx"),
  route("ai-detector", "routes/ai-detector.tsx"),
  route("ai-humanizer", "routes/ai-humanizer.tsx"),
  route("ai-writer", "routes/ai-writer.tsx"),
  route("voiceover-ai", "routes/voiceover-ai.tsx"),
  route("imagine-ai", "routes/imagine-ai.tsx"),
  route("conversational-ai", "routes/conversational-ai.tsx"),
  route("chat-ai", "routes/chat-ai.tsx"),
  route("success", "routes/success.tsx"),
  route("cancel", "routes/cancel.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("refund-policy", "routes/refund-policy.tsx"),
  route("payment-methods", "routes/payment-methods.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("docs/api", "routes/docs.api.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-in/confirm", "routes/sign-in.confirm.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  route("webhooks/stripe", "routes/webhooks.stripe.ts"),
  route("healthz", "routes/healthz.ts"),
  route("media/:id", "routes/media.$id.ts"),
  route("api/chat", "routes/api.chat.ts"),
  route("api/*", "routes/api.$.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
