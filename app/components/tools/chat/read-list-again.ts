// The list beside the chat is HTML the server renders (docs/decisions/067, 075). With JavaScript a
// reply streams in without a page load, so when one is kept the page's own address is fetched and
// its list put in place of the one shown. Not React Router's revalidation: its code would join the
// JavaScript every page loads (landing 125.1 KiB, budget 125), and a navigation would drop a Share
// link just made and could land on another page. Not while the person is in the list either.

/** The id of the element that holds the list (routes/conversational-ai.tsx). */
export const CONVERSATION_LIST_ID = "conversation-list";

/** Shows the list as the server has it now, unless the page has none or the person is using it. */
export async function readListAgain(): Promise<void> {
  if (!document.getElementById(CONVERSATION_LIST_ID)) return;
  const html = await fetch(location.href, { headers: { Accept: "text/html" } }).then(
    (response) => (response.ok ? response.text() : ""),
    () => "",
  );
  const fresh = new DOMParser().parseFromString(html, "text/html").getElementById(CONVERSATION_LIST_ID);
  // Looked up again: the person may have gone to another page meanwhile.
  const shown = document.getElementById(CONVERSATION_LIST_ID);
  if (!fresh || !shown || inUse(shown)) return;
  shown.innerHTML = fresh.innerHTML;
}

/** Focus in it, the drawer or a rename open, or a search or project field typed in: left as it is. */
function inUse(list: HTMLElement): boolean {
  if (list.contains(document.activeElement) || list.querySelector("details[open]")) return true;
  return Array.from(list.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")).some(
    (field) => field.value !== field.defaultValue,
  );
}
