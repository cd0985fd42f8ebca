// mespeak ships no types. We use its eSpeak engine (compiled to JavaScript) and its data files.
declare module "mespeak/src/ESpeak.js" {
  type FsNode = { contents: Record<string, { contents: number[] } | undefined> };
  export type ESpeakInstance = {
    Module: { arguments: string[] };
    FS: {
      root: FsNode & { write: boolean };
      findObject(path: string): unknown;
      createPath(parent: string, path: string, canRead: boolean, canWrite: boolean): void;
      createDataFile(parent: string, name: string, data: number[], canRead: boolean, canWrite: boolean): void;
    };
    run(): void;
  };
  const ESpeak: new () => ESpeakInstance;
  export default ESpeak;
}
