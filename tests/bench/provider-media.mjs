// Speech and image time on the OpenAI engine's default models, against the fake OpenAI (which
// speaks today's wire formats: the Realtime WebSocket for speech, base64 PNGs for images), through
// the built Worker on local workerd, as a browser without JavaScript posts the forms.
//
// - speech: a 1,000-character text read by the Realtime model. "time to audio" is from sending the
//   form until the page that plays the stored WAV has arrived; the fake's own first audio delta and
//   last event are given beside it, so the Worker's share (socket, joining, WAV, R2) shows.
// - image: a portrait (1024 × 1536) PNG, from sending the form until the page with it has arrived.
import { startServerWithFakeOpenAI } from "./server.mjs";
import { median, now } from "./stats.mjs";

/** About a minute of narration: whole sentences, as close to 1,000 characters as they come. */
export function speechText(limit = 1_000) {
  const sentences = [
    "Our spring collection arrives in stores next Monday.",
    "Every piece is cut from recycled cotton and dyed with plant colours.",
    "The linen shirts come in six shades, from sand to deep ocean blue.",
    "Visit us before Friday to reserve your size and get free alterations.",
  ];
  let text = sentences[0];
  for (let index = 1; text.length + 1 + sentences[index % sentences.length].length <= limit; index += 1) {
    text += ` ${sentences[index % sentences.length]}`;
  }
  return text;
}

export async function measureProviderMedia({ buildDir, runs = 5, port = 8794 }) {
  const { fake, server, stop } = await startServerWithFakeOpenAI({ buildDir, port, state: "bench-provider-media" });
  const text = speechText();
  const post = (path, fields) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const rows = [];
  try {
    for (let run = -1; run < runs; run += 1) {
      await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
      const speechSent = now();
      const spoken = await post("/voiceover-ai", { text, voice: "ava", speed: "1", pitch: "1", emotion: "0.5" });
      const page = await spoken.text();
      const audioPage = now();
      if (spoken.status !== 200 || !/<audio\b[^>]*src="\/media\//.test(page)) throw new Error(`voiceover answered ${spoken.status}`);
      const session = (await (await fetch(`${fake.url}/__fake/requests`)).json()).find((entry) => entry.path === "/v1/realtime");

      const imageSent = now();
      const drawn = await post("/imagine-ai", { prompt: "A lighthouse on a windy cliff at dusk", style: "realistic", size: "portrait" });
      const imagePage = await drawn.text();
      const imageDone = now();
      if (drawn.status !== 200 || !/<img\b[^>]*src="\/media\//.test(imagePage)) throw new Error(`imagine answered ${drawn.status}`);
      if (run < 0) continue; // warm-up: the first requests compile the Worker's modules
      rows.push({
        speechTotal: audioPage - speechSent,
        providerFirstAudio: session.firstAudioAt - speechSent,
        providerFinished: session.finishedAt - speechSent,
        image: imageDone - imageSent,
      });
    }
  } finally {
    await stop();
  }
  const m = (key) => Number(median(rows.map((row) => row[key])).toFixed(1));
  return {
    runs: rows.length,
    speechCharacters: text.length,
    speechTimeToAudioMs: m("speechTotal"),
    speechProviderFirstAudioMs: m("providerFirstAudio"),
    speechProviderFinishedMs: m("providerFinished"),
    imagePortraitMs: m("image"),
  };
}
