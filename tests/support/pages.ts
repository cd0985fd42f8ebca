// The page routes every suite walks (integration, security, end to end): spec §2's table plus
// /pricing, /dashboard, /docs/api, the sign-in pages, the workspace's and the reports' pages, as a signed-out
// visitor sees them. tests/tooling/page-list.test.ts holds it to the route table.
// A status other than 200 is named: /success without a paid Checkout Session refuses (billing.spec.ts
// walks the paid path), and so does a sign-in link without its token (accounts.spec.ts walks a real one).
export const pageRoutes: [path: string, heading: string, status?: number][] = [
  ["/", "Unleash your creativity powered by AI"],
  ["/ai-detector", "AI Content Detector"],
  ["/ai-detector/batch", "Scan many documents at once"],
  ["/ai-detector/credentials", "Content Credentials check"],
  ["/ai-humanizer", "Transform AI Text Into Natural Writing"],
  ["/ai-writer", "Create Engaging Content Instantly"],
  ["/voiceover-ai", "Transform Text Into Natural Speech"],
  ["/imagine-ai", "Transform Ideas Into Stunning Visuals"],
  ["/conversational-ai", "Chat with our Intelligent AI"],
  ["/success", "Payment not confirmed", 400],
  ["/cancel", "Payment Cancelled"],
  ["/privacy-policy", "Privacy Policy"],
  ["/terms", "Terms and Conditions"],
  ["/refund-policy", "Refund Policy"],
  ["/payment-methods", "Choose Payment Method"],
  ["/pricing", "Pricing"],
  ["/dashboard", "Dashboard"],
  ["/docs/api", "Developer API"],
  ["/docs/receipts", "Verifying a scan receipt"],
  ["/reports", "Your reports"],
  ["/sign-in", "Sign in"],
  ["/sign-in/confirm", "This sign-in link is not valid", 400],
  ["/history", "History"],
  ["/cookies", "Cookies"],
  ["/ai-transparency", "AI transparency"],
  ["/accessibility", "Accessibility statement"],
  ["/account/delete", "Delete my account"],
];
