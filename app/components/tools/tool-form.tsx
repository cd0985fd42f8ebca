import { createContext, useContext, useState, type ComponentProps } from "react";
import { Form } from "react-router";
import type { ToolId } from "~/content/tools";

/** The tools whose screen is a ToolForm (the chat's form streams its replies instead). */
export type FormToolId = Exclude<ToolId, "chat">;

/** The main text of a tool's form, which its field, its count and its submit button all follow. */
export type MainText = { value: string; onChange: (value: string) => void; maxLength: number };

/** The main text typed, starting from the one the action's answer sent back (nothing typed is lost). */
export function useMainText(initial: string | undefined, maxLength: number): MainText {
  const [value, onChange] = useState(initial ?? "");
  return { value, onChange, maxLength };
}

/** A document chosen in the form's file field (detector, humanizer): it stands in for the main text. */
export type ChosenDocument = { name: string | null; onChange: (name: string | null) => void };

export function useChosenDocument(): ChosenDocument {
  const [name, onChange] = useState<string | null>(null);
  return { name, onChange };
}

type ToolFormProps = {
  /** The tool, whose colours the parts take; the prefix of the fields' ids: `${tool}-text`, `${tool}-count`, `${tool}-type-error`. */
  tool: FormToolId;
  /** From useToolState: while busy the fields are disabled and the button says so; the action's field errors by name. */
  state: { busy: boolean; fieldErrors: Record<string, string> };
  text: MainText;
  /** The form takes a document instead of the main text (its fields then send as multipart). */
  document?: ChosenDocument;
};

type ToolFormParts = { tool: FormToolId; busy: boolean; fieldErrors: Record<string, string>; text: MainText; document?: ChosenDocument };

const ToolFormContext = createContext<ToolFormParts | null>(null);

/**
 * A tool's form (a React Router `<Form method="post">`, so it works without JavaScript) and what
 * its parts share (form-parts.tsx): the busy state, the field errors and the main text.
 */
export function ToolForm({ tool, state, text, document, ...form }: ToolFormProps & Omit<ComponentProps<typeof Form>, "method">) {
  return (
    <ToolFormContext.Provider value={{ tool, busy: state.busy, fieldErrors: state.fieldErrors, text, document }}>
      <Form method="post" {...(document ? { encType: "multipart/form-data" as const } : {})} {...form} />
    </ToolFormContext.Provider>
  );
}

/** The state of the tool form around a part; the parts are only ever rendered inside one. */
export function useToolForm(): ToolFormParts {
  const state = useContext(ToolFormContext);
  if (!state) throw new Error("A tool form part is rendered outside a <ToolForm>.");
  return state;
}
