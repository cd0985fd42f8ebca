/** The submitted fields, first value of each. */
export type FormValues = Record<string, string>;

/** What a tool action answers; the screen renders each state, always with the visitor's input. */
export type ToolActionData<Result> = (
  | { state: "done"; values: FormValues; result: Result }
  | { state: "invalid"; values: FormValues; fieldErrors: Record<string, string> }
  /** Demo limit or plan quota; a subscriber over quota also gets where to upgrade. */
  | { state: "rate-limited"; values: FormValues; message: string; upgradeUrl?: string }
  | { state: "failed"; values: FormValues; message: string }
) & {
  /** The action ran for a subscriber (plan quotas, no demo modal). */
  subscriber?: boolean;
};
