// The page routes every suite walks: spec §2's table plus /pricing and /dashboard.
export const pageRoutes: [path: string, heading: string][] = [
  ["/", "Unleash your creativity powered by AI"],
  ["/ai-detector", "AI Content Detector"],
  ["/ai-humanizer", "Transform AI Text Into Natural Writing"],
  ["/ai-writer", "Create Engaging Content Instantly"],
  ["/voiceover-ai", "Transform Text Into Natural Speech"],
  ["/imagine-ai", "Transform Ideas Into Stunning Visuals"],
  ["/conversational-ai", "Chat with our Intelligent AI"],
  ["/success", "Payment Successful!"],
  ["/cancel", "Payment Cancelled"],
  ["/privacy-policy", "Privacy Policy"],
  ["/terms", "Terms and Conditions"],
  ["/refund-policy", "Refund Policy"],
  ["/payment-methods", "Choose Payment Method"],
  ["/pricing", "Pricing"],
  ["/dashboard", "Dashboard"],
];
