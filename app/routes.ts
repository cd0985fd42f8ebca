import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { apiToolEndpointNames } from "./content/api-endpoint-names";

// The route table of the spec (§2), plus the routes docs/architecture.md decides: /chat-ai redirects,
// /pricing, /dashboard, /docs/api and the sign-in routes exist, /explore/:tool is the landing page
// with that tool open in the explorer, /healthz answers without React, /api/v1/* is the developer API
// (JSON only; any other /api/ address a JSON 404), and a splat renders the 404 page.
export default [
  index("routes/home.tsx"),
  // The same module as the landing page, so both load one route chunk (app/content/static-pages.ts).
  route("explore/:tool", "routes/home.tsx", { id: "routes/explore" }),
  route("ai-detector", "routes/ai-detector.tsx"),
  // The credentials check of an image or PDF: the detector page's second form posts here (decision 068).
  route("ai-detector/credentials", "routes/ai-detector.credentials.tsx"),
  // Batch scans for subscribers: up to 20 documents, a sortable table, its CSV, a report per file.
  route("ai-detector/batch", "routes/ai-detector.batch.tsx"),
  route("ai-detector/batch/:id", "routes/ai-detector.batch.$id.tsx"),
  route("ai-detector/batch/:id/results.csv", "routes/ai-detector.batch.$id.csv.ts"),
  route("ai-humanizer", "routes/ai-humanizer.tsx"),
  route("ai-writer", "routes/ai-writer.tsx"),
  route("voiceover-ai", "routes/voiceover-ai.tsx"),
  route("imagine-ai", "routes/imagine-ai.tsx"),
  route("conversational-ai", "routes/conversational-ai.tsx"),
  route("chat-ai", "routes/chat-ai.tsx"),
  // A subscriber's conversation of the chat page's list: rename, pin and delete post here.
  route("conversations/:id", "routes/conversations.$id.tsx"),
  route("success", "routes/success.tsx"),
  route("cancel", "routes/cancel.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("refund-policy", "routes/refund-policy.tsx"),
  route("payment-methods", "routes/payment-methods.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("docs/api", "routes/docs.api.tsx"),
  route("docs/receipts", "routes/docs.receipts.tsx"),
  // Detection reports: made from a detector result's text, opened by their owner or a share link.
  route("reports", "routes/reports.tsx"),
  route("reports/:id", "routes/reports.$id.tsx"),
  route("reports/:id/:file", "routes/report-file.ts", { id: "routes/reports.$id.file" }),
  route("r/:token", "routes/r.$token.tsx"),
  route("r/:token/:file", "routes/report-file.ts", { id: "routes/r.$token.file" }),
  // A chat conversation shared by its owner: read-only for anyone with the link; revoked by a POST.
  route("shared/chat/:token", "routes/shared.chat.$token.tsx"),
  // The receipt keys (JWKS and PEM) and the Content Credentials signer's chain.
  route(".well-known/:file", "routes/well-known.$file.ts"),
  route("dashboard/analytics.csv", "routes/dashboard.analytics-csv.ts"),
  route("history", "routes/history.tsx"),
  route("history/:id", "routes/history.$id.tsx"),
  route("history/:id/download", "routes/history.$id.download.ts"),
  route("account/export", "routes/account.export.ts"),
  route("account/export/:id", "routes/account.export.$id.tsx"),
  route("account/export/:id/download", "routes/account.export.$id.download.ts"),
  route("account/delete", "routes/account.delete.tsx"),
  route("cookies", "routes/cookies.tsx"),
  // Statements: how generated content is marked (EU AI Act art. 50), and accessibility (EAA).
  route("ai-transparency", "routes/ai-transparency.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-in/confirm", "routes/sign-in.confirm.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  route("webhooks/stripe", "routes/webhooks.stripe.ts"),
  route("healthz", "routes/healthz.ts"),
  route("media/:id", "routes/media.$id.ts"),
  route("api/chat", "routes/api.chat.ts"),
  // The developer API: resource routes sharing one middleware (server/api/api-middleware.server.ts).
  route("api/v1/openapi.json", "routes/api.v1.openapi.ts"),
  route("api/v1/usage", "routes/api.v1.usage.ts"),
  route("api/v1/reports/:id", "routes/api.v1.reports.$id.ts"),
  route("api/v1/detect/batch", "routes/api.v1.detect-batch.ts"),
  route("api/v1/credentials", "routes/api.v1.credentials.ts"),
  ...apiToolEndpointNames.map((name) =>
    route(`api/v1/${name}`, "routes/api.v1.tool.ts", { id: `routes/api.v1.${name.replace("/", "-")}` }),
  ),
  route("api/*", "routes/api.$.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
