/** The submitted fields, first value of each. */
export type FormValues = Record<string, string>;

/** What a tool action answers; the screen renders each state, always with the visitor's input. */
export type ToolActionData<Result> =
  | { state: "done"; values: FormValues; result: Result }
  | { state: "invalid"; values: FormValues; fieldErrors: Record<string, string> }
  | { state: "rate-limited"; values: FormValues; message: string }
  | { state: "failed"; values: FormValues; message: string };
