import type { VoiceId } from "~/content/media-catalogs";
import type { GeneratedMedia, SpeechRequest } from "~/shared/ai-types";
import { ESpeakEngine } from "./espeak.server";
import { encodeWav, parseWav } from "./wav.server";

// The offline engine's speech: real audio from eSpeak (compiled to JavaScript, from the mespeak
// package), no network. The engine and its data are large (~5 MB of JavaScript and phoneme data),
// so they are imported the first time someone asks for speech, never at Worker start-up and never
// in the client bundle.

/** Our voices on eSpeak's: language data, and a male or female voice variant. */
const voiceSettings: Record<VoiceId, { voice: keyof typeof voiceData; female: boolean; note?: string }> = {
  ava: { voice: "en/en-us", female: true },
  oliver: { voice: "en/en", female: false },
  sofia: { voice: "es", female: true },
  ethan: { voice: "en/en-us", female: false },
  isla: { voice: "en/en", female: true, note: "eSpeak has no Australian English: Isla speaks British English offline." },
  lukas: { voice: "de", female: false },
};

const voiceData = {
  "en/en-us": () => import("mespeak/voices/en/en-us.json"),
  "en/en": () => import("mespeak/voices/en/en.json"),
  es: () => import("mespeak/voices/es.json"),
  de: () => import("mespeak/voices/de.json"),
};

let engine: Promise<ESpeakEngine> | undefined;

function loadEngine(): Promise<ESpeakEngine> {
  engine ??= Promise.all([import("mespeak/src/ESpeak.js"), import("mespeak/src/mespeak_config.json")]).then(
    ([{ default: ESpeak }, { default: config }]) => new ESpeakEngine(() => new ESpeak(), config),
  );
  // A failed load (should never happen) is retried on the next request rather than cached.
  engine.catch(() => (engine = undefined));
  return engine;
}

async function loadVoice(espeak: ESpeakEngine, voice: keyof typeof voiceData): Promise<void> {
  if (espeak.hasVoice(voice)) return;
  const { default: data } = await voiceData[voice]();
  espeak.addVoice(data);
}

/** eSpeak's options from our sliders (spec §5): words per minute, pitch 0–99, loudness, voice variant. */
export function meSpeakOptions({ voice, speed, pitch, emotion }: Omit<SpeechRequest, "text">) {
  const settings = voiceSettings[voice];
  // Calmer variants below a third, livelier ones above two thirds.
  const band = emotion < 0.34 ? 0 : emotion < 0.67 ? 1 : 2;
  const variant = (settings.female ? ["f5", "f2", "f4"] : ["m1", "m3", "m4"])[band] as string;
  return {
    voice: settings.voice,
    variant,
    speed: Math.round(Math.min(450, Math.max(80, 175 * speed))),
    pitch: Math.round(Math.min(99, Math.max(0, 50 * pitch))),
    amplitude: Math.round(80 + emotion * 60),
    wordgap: band === 0 ? 1 : 0,
  };
}

/**
 * Splits text into pieces of whole sentences (or words) under `max` characters. eSpeak keeps the
 * whole clip in a plain array, so one long call would need hundreds of megabytes; short pieces
 * keep memory flat and join seamlessly. 4,096 characters make at most ~20 pieces.
 */
export function speechChunks(text: string, max = 400): string[] {
  const sentences =
    text
      .replace(/\s+/g, " ")
      .trim()
      .match(/[^.!?;:]+[.!?;:]*\s*/g) ?? [];
  const chunks: string[] = [];
  let current = "";
  const push = (piece: string) => {
    if ((current + piece).length > max && current) {
      chunks.push(current.trim());
      current = "";
    }
    current += piece;
  };
  for (const sentence of sentences) {
    if (sentence.length <= max) push(sentence);
    else for (const word of sentence.split(/(?<=\s)/)) push(word.slice(0, max));
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks;
}

export async function synthesizeSpeech(request: SpeechRequest): Promise<GeneratedMedia> {
  const espeak = await loadEngine();
  const options = meSpeakOptions(request);
  await loadVoice(espeak, options.voice);
  const pieces: Uint8Array[] = [];
  let format: { sampleRate: number; channels: number; bitsPerSample: number } | undefined;
  let total = 0;
  for (const chunk of speechChunks(request.text)) {
    const bytes = espeak.speak(chunk, options);
    const info = parseWav(bytes);
    if (!info) continue;
    format ??= info;
    pieces.push(bytes.subarray(info.dataOffset, info.dataOffset + info.dataLength));
    total += info.dataLength;
  }
  if (!format || total === 0) throw new Error("The offline speech engine produced no audio");
  const pcm = new Uint8Array(total);
  let offset = 0;
  for (const piece of pieces) {
    pcm.set(piece, offset);
    offset += piece.length;
  }
  const note = voiceSettings[request.voice].note;
  return {
    bytes: encodeWav(pcm, format),
    contentType: "audio/wav",
    notice: `Offline demo engine: synthesized on the server with eSpeak, a robotic voice rather than AI speech.${note ? ` ${note}` : ""}`,
  };
}
