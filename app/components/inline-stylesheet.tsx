import { createContext, useContext } from "react";

// The stylesheet text, provided by entry.server (the browser never downloads it a second time as
// JavaScript). Rendered as a React 19 style resource (href + precedence): React hoists it into
// <head> ahead of the script preloads, and in the browser, where the context is empty, it adopts
// the server's <style data-href> element instead of rewriting it, and keeps it even if the page
// has to recover from a hydration mismatch.
export const InlineStylesheetContext = createContext("");

export function InlineStylesheet() {
  const css = useContext(InlineStylesheetContext);
  return (
    <style href="app-stylesheet" precedence="default">
      {css}
    </style>
  );
}
