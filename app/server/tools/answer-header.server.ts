import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

/** A header added to a page action's answer (a cookie: the demo-seen tools, a visitor's chat files). */
export function appendHeader(answer: DataWithResponseInit<unknown>, name: string, value: string) {
  const headers = new Headers(answer.init?.headers);
  headers.append(name, value);
  answer.init = { ...answer.init, headers };
}
