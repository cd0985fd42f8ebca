// The six tools (spec §1–§2): one record feeds the navbar, the mobile menu, the landing grid,
// the tool explorer and each tool screen's header, so names and links never drift apart.
export type ToolId = "detector" | "humanizer" | "writer" | "voiceover" | "imagine" | "chat";

export type Tool = {
  id: ToolId;
  name: string;
  /** Short label for the navigation. */
  navLabel: string;
  description: string;
  /** Where the screen lives (spec §2 route table). */
  path: string;
  /** Where the landing card's 'Learn more' points (the chat card links /chat-ai, spec §2). */
  cardLink: string;
  /** Lucide icon name, drawn by components/ui/icon. */
  icon: "scan-search" | "wand-sparkles" | "pen-line" | "audio-lines" | "image" | "messages-square";
  /** Tailwind gradient stops (DESIGN.md: one gradient per tool). */
  gradient: string;
  /** Focus ring / accent colour class for the tool. */
  accent: string;
  badge: string;
  heading: string;
  subtitle: string;
  /** Demo video paths exist per tool but are not used (spec §2). */
  demoPath: string;
  features: [string, string, string, string];
};

export const tools: readonly Tool[] = [
  {
    id: "detector",
    name: "AI Detector",
    navLabel: "AI Detector",
    description: "Detect AI-written text, see which sentences read as machine-made, and read the detector's measured error rates.",
    path: "/ai-detector",
    cardLink: "/ai-detector",
    icon: "scan-search",
    gradient: "from-blue-500 to-cyan-500",
    accent: "cyan",
    badge: "AI Detection",
    heading: "AI Content Detector",
    subtitle: "Analyze text to detect AI-generated content",
    demoPath: "/demos/detector.mp4",
    features: [
      "Probability score with a plain-language analysis",
      "Sentence-by-sentence highlighting",
      "Works on essays, articles and emails",
      "Up to 10,000 characters per scan",
    ],
  },
  {
    id: "humanizer",
    name: "AI Humanizer",
    navLabel: "Humanizer",
    description: "Turn stiff AI text into natural, human-like writing in the tone you choose.",
    path: "/ai-humanizer",
    cardLink: "/ai-humanizer",
    icon: "wand-sparkles",
    gradient: "from-emerald-500 to-teal-500",
    accent: "emerald",
    badge: "AI Content Humanizer",
    heading: "Transform AI Text Into Natural Writing",
    subtitle: "Rewrite machine-sounding drafts so they read like a person wrote them, in the tone you pick.",
    demoPath: "/demos/humanizer.mp4",
    features: [
      "Six tones from Professional to Persuasive",
      "Keeps numbers, names, quotes and links intact",
      "Word-level view of every change",
      "One-click copy of the result",
    ],
  },
  {
    id: "writer",
    name: "AI Writer",
    navLabel: "AI Writer",
    description: "Generate blog posts, social posts, emails, product copy, ads and video scripts.",
    path: "/ai-writer",
    cardLink: "/ai-writer",
    icon: "pen-line",
    gradient: "from-violet-500 to-purple-500",
    accent: "violet",
    badge: "AI Content Writer",
    heading: "Create Engaging Content Instantly",
    subtitle: "Pick a content type, add your keywords and describe the topic: get a structured first draft.",
    demoPath: "/demos/writer.mp4",
    features: [
      "Six content types with their own structure",
      "Keyword-aware drafts for SEO",
      "Formatted output you can copy",
      "Download as Markdown",
    ],
  },
  {
    id: "voiceover",
    name: "Voiceover AI",
    navLabel: "Voiceover",
    description: "Turn any script into natural speech with six voices and fine control of speed and tone.",
    path: "/voiceover-ai",
    cardLink: "/voiceover-ai",
    icon: "audio-lines",
    gradient: "from-orange-500 to-amber-500",
    accent: "orange",
    badge: "Text to Speech AI",
    heading: "Transform Text Into Natural Speech",
    subtitle: "Choose a voice, set speed, pitch and emotion, and listen to your script in seconds.",
    demoPath: "/demos/voiceover.mp4",
    features: [
      "Six voices across four languages",
      "Speed, pitch and emotion controls",
      "Play in the browser or download",
      "Up to 4,096 characters per clip",
    ],
  },
  {
    id: "imagine",
    name: "Imagine AI",
    navLabel: "Imagine AI",
    description: "Generate and edit images from a description, in six styles and three sizes.",
    path: "/imagine-ai",
    cardLink: "/imagine-ai",
    icon: "image",
    gradient: "from-pink-500 to-rose-500",
    accent: "pink",
    badge: "AI Image Generation",
    heading: "Transform Ideas Into Stunning Visuals",
    subtitle: "Describe what you want to see, pick a style and a size, and generate an image.",
    demoPath: "/demos/imagine.mp4",
    features: [
      "Six styles from Photorealistic to Abstract",
      "Square, portrait and landscape sizes",
      "Prompt ideas from example generations",
      "Download in full resolution",
    ],
  },
  {
    id: "chat",
    name: "Conversational AI",
    navLabel: "Chat AI",
    description: "Chatbots and virtual assistants that answer in the tone and role you choose.",
    path: "/conversational-ai",
    cardLink: "/chat-ai",
    icon: "messages-square",
    gradient: "from-indigo-500 to-sky-500",
    accent: "indigo",
    badge: "Conversational AI",
    heading: "Chat with our Intelligent AI",
    subtitle: "Pick an assistant and a tone, then ask anything: replies stream in as they are written.",
    demoPath: "/demos/chat.mp4",
    features: [
      "Four assistants for different jobs",
      "Four tones of voice",
      "Replies stream word by word",
      "Markdown formatting in answers",
    ],
  },
];

export function toolById(id: ToolId): Tool {
  const tool = tools.find((candidate) => candidate.id === id);
  if (!tool) throw new Error(`Unknown tool: ${id}`);
  return tool;
}
