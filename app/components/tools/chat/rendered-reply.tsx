import { useEffect, useRef, useState } from "react";

const copyCodeClass =
  "rounded-md border border-white/15 bg-slate-900 px-2 py-0.5 text-xs font-medium text-slate-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400";

/**
 * A reply's HTML, sanitized on the server (renderMarkdown), with a 'Copy code' button above each
 * code block. The buttons are added once JavaScript runs, since only a script can copy: without
 * it there is no button that would do nothing. 'Copied' is announced in a live region.
 */
export function RenderedReply({ html, className }: { html: string; className: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const blocks = [...box.querySelectorAll("pre")];
    for (const [index, pre] of blocks.entries()) {
      if (pre.previousElementSibling?.hasAttribute("data-copy-code")) continue;
      const language = /language-([\w+#-]+)/.exec(pre.querySelector("code")?.className ?? "")?.[1];
      const bar = document.createElement("div");
      bar.setAttribute("data-copy-code", "");
      bar.className = "flex justify-end";
      const button = document.createElement("button");
      button.type = "button";
      button.className = copyCodeClass;
      button.textContent = "Copy code";
      const name = `Copy code${language ? ` (${language})` : ""}${blocks.length > 1 ? `, block ${index + 1}` : ""}`;
      button.setAttribute("aria-label", name);
      button.addEventListener("click", () => {
        const code = pre.querySelector("code")?.textContent ?? pre.textContent ?? "";
        void navigator.clipboard.writeText(code).then(() => {
          button.textContent = "Copied";
          setAnnouncement("Copied");
          setTimeout(() => {
            button.textContent = "Copy code";
            setAnnouncement("");
          }, 2000);
        });
      });
      bar.appendChild(button);
      pre.parentNode?.insertBefore(bar, pre);
    }
  }, [html]);

  return (
    <>
      <div ref={boxRef} className={className} dangerouslySetInnerHTML={{ __html: html }} />
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
