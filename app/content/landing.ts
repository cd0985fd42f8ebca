// Static landing copy (spec §1 'Landing page', §3 'Static landing content', §9 hero stats).
import { detectorClaim } from "./detector-claim";
import { plans } from "./plans";
import { tools } from "./tools";
// Served by the home route's loader; the tool cards and the explorer read `tools` instead.

export type Cta = { label: string; to: string };

export type Hero = {
  eyebrow: string;
  /** The page's only `<h1>` and its LCP element. */
  headline: string;
  /** The tail of `headline` drawn in the site gradient. */
  highlight: string;
  subheadline: string;
  primaryCta: Cta;
  secondaryCta: Cta;
};

export type Stat = { value: string; label: string };

export type FeatureGroup = {
  id: "detection" | "language" | "multimodal";
  title: string;
  description: string;
  items: string[];
};

export type Step = { number: number; title: string; description: string };

export type Testimonial = {
  content: string;
  author: string;
  role: string;
  company: string;
  /** A local image in `public/` (docs/architecture.md: avatars ship with the site). */
  avatar: string;
  /** Out of 5. */
  rating: number;
};

export const hero: Hero = {
  eyebrow: "Six AI tools · free demo, no sign-in",
  headline: "Unleash your creativity powered by AI",
  highlight: "powered by AI",
  subheadline:
    "Detect AI-written text, humanize it, write, add a voiceover, generate images and chat with an assistant: one studio for creators, marketers and writers.",
  primaryCta: { label: "Try AI Detector free", to: "/ai-detector" },
  secondaryCta: { label: "See pricing", to: "/pricing" },
};

// Counts the code itself knows, not audience figures nobody measured (docs/decisions/003-measured-claims.md).
export const stats: Stat[] = [
  { value: String(tools.length), label: "AI tools in one studio" },
  { value: "0", label: "Sign-ups needed to try them" },
  { value: String(plans.length), label: "Monthly plans, cancel any time" },
];

export const featureGroups: FeatureGroup[] = [
  {
    id: "detection",
    title: "Advanced AI Detection",
    description: "Know where a text came from before you publish, grade or pay for it.",
    items: [
      "Probability score with a plain-language analysis",
      "Sentence-level signals you can check yourself",
      "Tuned for essays, articles, emails and posts",
      detectorClaim(),
    ],
  },
  {
    id: "language",
    title: "Natural Language Processing",
    description: "Language models that understand tone, structure and intent, not just keywords.",
    items: [
      "Rewrites in six tones, from Professional to Persuasive",
      "Keyword-aware drafts for SEO",
      "Keeps names, numbers and quotes intact",
    ],
  },
  {
    id: "multimodal",
    title: "Multi-Modal Generation",
    description: "Go from one idea to text, speech and images without switching apps.",
    items: [
      "Natural voiceovers in six voices",
      "Images in six styles and three sizes",
      "Chat assistants for research and ideas",
      "Copy or download every result",
    ],
  },
];

export const steps: Step[] = [
  {
    number: 1,
    title: "Choose Your Tool",
    description: "Pick the detector, humanizer, writer, voiceover, image generator or chat.",
  },
  {
    number: 2,
    title: "Input Your Content",
    description: "Paste your text or describe what you need, then set tone, style or voice.",
  },
  {
    number: 3,
    title: "AI Processing",
    description: "Your request runs at the edge, close to you, and the result arrives in seconds.",
  },
  {
    number: 4,
    title: "Review & Export",
    description: "Check the result, refine it if you like, then copy or download it.",
  },
];

export const testimonials: Testimonial[] = [
  {
    content:
      "We check every freelance submission with the detector now. The sentence-level analysis makes the conversation with writers fair and quick.",
    author: "Priya Sharma",
    role: "Head of Content",
    company: "Brightloom Media",
    avatar: "/avatars/priya-sharma.svg",
    rating: 5,
  },
  {
    content:
      "The writer gives my team a structured first draft in seconds, and the humanizer takes the robotic edge off. Our campaign output doubled.",
    author: "Marcus Okafor",
    role: "Growth Marketing Manager",
    company: "Harborline Commerce",
    avatar: "/avatars/marcus-okafor.svg",
    rating: 5,
  },
  {
    content:
      "I script, voice and illustrate my course videos in one place. The voiceovers sound natural enough that students ask who recorded them.",
    author: "Elena Rodríguez",
    role: "Founder & Course Creator",
    company: "Inkwell Studio",
    avatar: "/avatars/elena-rodriguez.svg",
    rating: 5,
  },
];
