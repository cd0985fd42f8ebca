// The docs page's curl example per endpoint (/docs/api). The integration tests send each of these
// bodies to the API, so the examples are known to work as shown.
export type ApiExample = {
  name: string;
  method: "GET" | "POST";
  title: string;
  body?: Record<string, unknown>;
  /** A multipart/form-data example: its text fields, and its files by field (a local file name). */
  form?: { fields: Record<string, string>; files: Record<string, string> };
  /** Parameters in the path ({id}), each shown in the command as a shell variable of this name. */
  pathParameters?: Record<string, string>;
  /** More bodies the OpenAPI document shows beside the first (`examples`); the tests send them too. */
  variants?: { name: string; title: string; body: Record<string, unknown> }[];
};

/** The example's path with its parameters filled in (as shell variables unless values are given). */
export function examplePath(example: ApiExample, values: Record<string, string> = {}): string {
  return example.name.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `$${example.pathParameters?.[name] ?? name}`);
}

export const apiExamples: ApiExample[] = [
  {
    name: "detect",
    method: "POST",
    title: "Detect AI-written text",
    // Long enough for a verdict (40 words or more): the first example should show one.
    body: {
      text:
        "In today's fast-paced digital landscape, content plays a crucial role in how brands connect with their audiences. " +
        "It is important to note that high-quality writing not only builds trust but also drives engagement. " +
        "By leveraging innovative tools and data-driven strategies, businesses can streamline their workflows, enhance their visibility, " +
        "and foster meaningful relationships with customers across every channel.",
      // Optional: strict, balanced (the default) or sensitive.
      strictness: "balanced",
    },
  },
  {
    name: "humanize",
    method: "POST",
    title: "Humanize text",
    body: { text: "It is important to note that we utilize innovative tools.", tone: "casual" },
  },
  {
    name: "write",
    method: "POST",
    title: "Write content",
    body: { type: "blog", keywords: "newsletter, growth", text: "How to start a newsletter" },
  },
  {
    name: "speech",
    method: "POST",
    title: "Voiceover",
    body: { text: "Welcome to our product tour.", voice: "ava", speed: 1, pitch: 1, emotion: 0.5 },
  },
  {
    name: "images",
    method: "POST",
    title: "Generate an image",
    body: { prompt: "A lighthouse at dawn", style: "realistic", size: "landscape" },
  },
  {
    name: "images/edits",
    method: "POST",
    title: "Edit an image",
    form: { fields: { prompt: "warmer and brighter", size: "square", fit: "crop" }, files: { image: "photo.jpg" } },
  },
  {
    name: "chat",
    method: "POST",
    title: "Chat (streaming)",
    body: {
      message: "Give me three blog title ideas about remote work.",
      assistant: "strategist",
      tone: "friendly",
      history: [],
      stream: true,
    },
    variants: [
      {
        name: "web-search",
        title: "Chat with web search: the answer's `citations` list the pages it cites",
        body: { message: "What changed in the latest WCAG version?", assistant: "general", tone: "professional", web_search: true },
      },
    ],
  },
  {
    name: "detect/batch",
    method: "POST",
    title: "Scan a batch of documents",
    // Files go as multipart instead: -F "files=@essay-1.pdf" -F "files=@essay-2.docx".
    body: {
      documents: [
        {
          name: "essay-1.txt",
          text:
            "In today's fast-paced digital landscape, content plays a crucial role in how brands connect with their audiences. " +
            "It is important to note that high-quality writing not only builds trust but also drives engagement. " +
            "By leveraging innovative tools and data-driven strategies, businesses can streamline their workflows and foster meaningful relationships.",
        },
        {
          name: "essay-2.txt",
          text:
            "My grandmother kept bees behind the shed, and every August the whole house smelled of wax and smoke. " +
            "She never wore gloves, said the bees knew her, and mostly they did. I got stung twice the summer I was nine, " +
            "once on the ear, which I still think was personal, and she laughed so hard she had to sit down on the upturned bucket.",
        },
      ],
    },
  },
  {
    name: "credentials",
    method: "POST",
    title: "Check an image's or a PDF's Content Credentials (free; no credentials is not evidence of human origin)",
    form: { fields: {}, files: { file: "image.png" } },
  },
  { name: "usage", method: "GET", title: "Usage this period" },
  // A report's id is in its address (/reports/<id>) after 'Create a shareable report' on the detector.
  { name: "reports/{id}", method: "GET", title: "A detection report", pathParameters: { id: "REPORT_ID" } },
];

/** The example as a curl command against the site's origin. */
export function curlCommand(example: ApiExample, origin: string): string {
  const lines = [
    `curl${example.name === "chat" ? " -N" : ""} ${origin}/api/v1/${examplePath(example)}`,
    `  -H "Authorization: Bearer $CONTENTFORGE_API_KEY"`,
  ];
  if (example.form) {
    for (const [name, file] of Object.entries(example.form.files)) lines.push(`  -F "${name}=@${file}"`);
    for (const [name, value] of Object.entries(example.form.fields)) lines.push(`  -F "${name}=${value}"`);
  }
  if (example.body) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(example.body).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(" \\\n");
}
