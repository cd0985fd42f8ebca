// The site's whole stylesheet as text, compiled by Vite (Tailwind) into the server bundle only.
// entry.server inlines it into every document: a render-blocking <link> costs a round trip before
// the first paint on a slow phone connection, and the client JavaScript never carries this string.
import stylesheet from "../app.css?inline";

export const inlineStylesheet: string = stylesheet;
