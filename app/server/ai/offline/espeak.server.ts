import type { ESpeakInstance } from "mespeak/src/ESpeak.js";

// A small driver for eSpeak compiled to JavaScript (the engine inside the mespeak package).
// mespeak's own wrapper keeps one engine for ever, but the engine leaks a file handle per run and
// corrupts its data after about 80 runs ("Bad data: en_dict"), then allocates without bound. So
// we drive the engine ourselves and replace it well before that: a fresh one costs ~15 ms.

const RUNS_PER_ENGINE = 40;
const DATA_DIR = "/espeak/espeak-data";
const VOICES_DIR = `${DATA_DIR}/voices`;

type VoiceModule = { voice_id: string; dict_id: string; dict: string; voice: string };
type ConfigModule = Record<"config" | "phontab" | "phonindex" | "phondata" | "intonations", string>;

/** The voice variants we use (from eSpeak's voices/!v, as mespeak ships them). */
const variants: Record<string, string> = {
  f2: "language variant\nname female2\ngender female\npitch 142 220\nroughness 3\nformant 0 105 80 150\nformant 1 110 80 160\nformant 2 110 70 150\nformant 3 110 70 150\nformant 4 115 80 150\nformant 5 115 80 150\nformant 6 110 70 150\nformant 7 110 70 150\nformant 8 110 70 150\nstressAdd 0 0 -10 -10 0 0 10 40\nbreath 0 2 3 3 3 3 3 2\necho 140 10\nconsonants 125 125\n",
  f4: "language variant\nname female4\ngender female\necho 130 15\npitch 142 200\nformant 0 120 80 150\nformant 1 115 80 160 -20\nformant 2 130 75 150 -200\nformant 3 123 75 150\nformant 4 125 80 150\nformant 5 125 80 150\nformant 6 110 80 150\nformant 7 110 75 150\nformant 8 110 75 150\nstressAdd -20 -20 -20 -20 0 0 20 120\nstressAmp 18 16 20 20 20 20 20 20\n",
  f5: "language variant\nname female5\ngender female\npitch 160 228\nroughness 0\nformant 0 105 80 150\nformant 1 110 80 160\nformant 2 110 70 150\nformant 3 110 70 150\nformant 4 115 80 200\nformant 5 115 80 100\nformant 6 110 70 150\nformant 7 110 70 100\nformant 8 110 70 150\nstressAdd 0 0 -10 -10 0 0 10 40\nbreath 0 4 6   6 6   6 0 10\necho 140 10\nvoicing 75\nconsonants 150 150\nbreathw 150 150 200 200 400 400\n",
  m1: "language variant\nname male1\ngender male 70\npitch 75 109\nflutter 5\nroughness 4\nconsonants 80 100\nformant 0 98 100 100\nformant 1 97 100 100\nformant 2 97 95 100\nformant 3 97 95 100\nformant 4 97 85 100\nformant 5 105 80 100\nformant 6 95 80 100\nformant 7 100 100 100\nformant 8 100 100 100\n",
  m3: "language variant\nname male3\ngender male\npitch 80 122\nformant 0 100 100 100\nformant 1 96 97 100\nformant 2 96 97 100\nformant 3 96 103 100\nformant 4 95 103 100\nformant 5 95 103 100\nformant 6 100 100 100\nformant 7 100 100 100\nformant 8 100 100 100\nstressAdd 10 10 0 0 0 0 -30 -30\n",
  m4: "language variant\nname male4\ngender male\npitch 70 110\nformant 0 103 100 100\nformant 1 103 100 100\nformant 2 103 100 100\nformant 3 103 100 100\nformant 4 106 100 100\nformant 5 106 100 100\nformant 6 106 100 100\nformant 7 103 100 100\nformant 8 103 100 100\nstressAdd -10 -10 -30 -30 0 0 60 90\n",
};

const base64Bytes = (text: string) => Array.from(atob(text), (char) => char.charCodeAt(0));
const textBytes = (text: string) => Array.from(text, (char) => char.charCodeAt(0) & 0xff);

export type SpeakArguments = { voice: string; variant: string; speed: number; pitch: number; amplitude: number; wordgap: number };

export class ESpeakEngine {
  private engine: ESpeakInstance | undefined;
  private runs = 0;
  private readonly config: [string, number[]][];
  private readonly voices = new Map<string, { dictId: string; dict: number[]; voice: number[] }>();

  constructor(
    private readonly create: () => ESpeakInstance,
    config: ConfigModule,
  ) {
    this.config = (["config", "phontab", "phonindex", "phondata", "intonations"] as const).map((name) => [name, base64Bytes(config[name])]);
  }

  addVoice(module: VoiceModule): void {
    if (this.voices.has(module.voice_id)) return;
    this.voices.set(module.voice_id, { dictId: module.dict_id, dict: base64Bytes(module.dict), voice: base64Bytes(module.voice) });
    this.engine = undefined; // the next run starts an engine that has this voice
  }

  hasVoice(voiceId: string): boolean {
    return this.voices.has(voiceId);
  }

  /** One clip as a WAV file's bytes. */
  speak(text: string, args: SpeakArguments): Uint8Array {
    if (!this.engine || this.runs >= RUNS_PER_ENGINE) this.start();
    const engine = this.engine!;
    this.runs += 1;
    engine.Module.arguments = [
      "-w",
      "wav.wav",
      "-a",
      String(args.amplitude),
      "-g",
      String(args.wordgap),
      "-p",
      String(args.pitch),
      "-s",
      String(args.speed),
      "-b",
      "1", // input is UTF-8
      "-v",
      `${args.voice}+${args.variant}`,
      "--path=/espeak",
      // A leading space keeps text such as "-v" from being read as an option.
      ` ${text}`,
    ];
    engine.run();
    const output = engine.FS.root.contents["wav.wav"]?.contents ?? [];
    // The engine writes signed bytes; Uint8Array wraps them to 0–255.
    const wav = Uint8Array.from(output);
    output.length = 0;
    return wav;
  }

  private start(): void {
    const engine = this.create();
    const fs = engine.FS;
    const makeDir = (path: string) => {
      if (!fs.findObject(path)) fs.createPath("/", path.slice(1), true, true);
    };
    makeDir(`${VOICES_DIR}/!v`);
    fs.root.write = true;
    for (const [name, text] of Object.entries(variants)) fs.createDataFile(`${VOICES_DIR}/!v`, name, textBytes(text), true, true);
    // Each engine gets its own copy: nothing a broken engine does can reach the next one.
    for (const [name, bytes] of this.config) fs.createDataFile(DATA_DIR, name, bytes.slice(), true, false);
    for (const [voiceId, { dictId, dict, voice }] of this.voices) {
      if (!fs.findObject(`${DATA_DIR}/${dictId}`)) fs.createDataFile(DATA_DIR, dictId, dict.slice(), true, false);
      const parts = voiceId.split("/");
      const dir = [VOICES_DIR, ...parts.slice(0, -1)].join("/");
      makeDir(dir);
      fs.createDataFile(dir, parts.at(-1)!, voice.slice(), true, false);
    }
    this.engine = engine;
    this.runs = 0;
  }
}
