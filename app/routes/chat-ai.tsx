import { redirect } from "react-router";

// The landing page's chat card links /chat-ai (spec §2); the chat lives at /conversational-ai.
export function loader() {
  return redirect("/conversational-ai", 301);
}
