import { replyPageAddress, type ConversationListData, type ConversationSummary } from "~/shared/conversation-summary";
import { RenameForm, smallButtonClass } from "./conversation-rename-form";
import { ProjectPanel, ProjectsNav } from "./project-panel";

// A subscriber's conversations beside the chat (docs/decisions/067): rendered to HTML by the server
// alone (conversation-list-markup.tsx), so it ships no client JavaScript: plain links and forms, which
// load the page. One <details>: a drawer on phones, always open as a sidebar on wide screens (its
// content shown by ::details-content, its summary hidden). A browser without ::details-content
// (before Chrome 131, Firefox 143, Safari 18.4: web-features' 'details-content', read 2026-11-29)
// keeps the summary, so the drawer still opens there.

export function ConversationList({ items, q, openedId, projects = [], project, projectForm }: ConversationListData) {
  // Each form sends the person back to the page as it is (its search, the conversation open, the project open).
  const back = `/conversational-ai${pageQuery(q, openedId, project?.id)}`;
  const home = project ? `/conversational-ai?p=${project.id}` : "/conversational-ai";
  return (
    <nav aria-labelledby="conversations-heading" className="mt-10">
      <details className="rounded-2xl border border-white/10 bg-slate-900/60 lg:[&::details-content]:[content-visibility:visible] lg:[&::details-content]:block">
        <summary className="cursor-pointer px-4 py-3 font-semibold text-white focus-visible:outline-2 focus-visible:outline-sky-400 lg:supports-[selector(::details-content)]:hidden">
          {`Your conversations (${items.length})`}
        </summary>
        <div className="grid grid-cols-1 gap-3 p-4 pt-0 lg:pt-4">
          <ProjectsNav projects={projects} openId={project?.id} form={projectForm} />
          {project ? <ProjectPanel project={project} form={projectForm} /> : null}
          <h2 id="conversations-heading" className="font-semibold text-white">
            {project ? "Chats in this project" : "Conversations"}
          </h2>
          <a href={home} className="text-sm text-violet-300 underline underline-offset-4 hover:text-violet-200">
            {project ? "New chat in this project" : "New conversation"}
          </a>
          <form method="get" action="/conversational-ai" role="search" className="flex gap-2">
            {project ? <input type="hidden" name="p" value={project.id} /> : null}
            <label className="sr-only" htmlFor="conversation-search">
              Search conversations
            </label>
            <input
              id="conversation-search"
              type="search"
              name="q"
              defaultValue={q}
              placeholder="Search"
              className="min-w-0 flex-1 rounded-lg border border-white/15 bg-slate-950/60 px-2 py-1 text-sm text-slate-100"
            />
            <button type="submit" className={smallButtonClass}>
              Search
            </button>
          </form>
          {items.length === 0 ? (
            <p className="text-sm text-slate-300">
              {q
                ? "No conversation matches this search."
                : project
                  ? "Chats started here will be listed here."
                  : "Your conversations will be listed here."}
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-2">
              {items.map((item) => (
                <ConversationItem key={item.id} item={item} opened={item.id === openedId} back={back} projectId={project?.id} />
              ))}
            </ul>
          )}
        </div>
      </details>
    </nav>
  );
}

function ConversationItem({
  item,
  opened,
  back,
  projectId,
}: {
  item: ConversationSummary;
  opened: boolean;
  back: string;
  projectId?: string;
}) {
  const action = `/conversations/${item.id}`;
  return (
    <li className={`rounded-lg p-2 ${opened ? "bg-violet-500/15" : ""}`}>
      <a
        href={item.writing ? replyPageAddress(item.writing, projectId) : `/conversational-ai?c=${item.id}`}
        aria-current={opened ? "page" : undefined}
        className="block break-words text-sm text-slate-100 underline-offset-4 hover:underline"
      >
        {item.pinned ? <span className="text-xs font-semibold text-amber-300">Pinned · </span> : null}
        {item.writing ? <span className="text-xs font-semibold text-sky-300">Reply being written · </span> : null}
        {item.title}
      </a>
      <div className="mt-1 flex flex-wrap items-start gap-1.5">
        <form method="post" action={action}>
          <input type="hidden" name="return" value={back} />
          <button type="submit" name="intent" value={item.pinned ? "unpin" : "pin"} className={smallButtonClass}>
            {item.pinned ? "Unpin" : "Pin"}
            <span className="sr-only"> {item.title}</span>
          </button>
        </form>
        <form method="post" action={action}>
          <input type="hidden" name="return" value={back} />
          <button type="submit" name="intent" value="delete" className={smallButtonClass}>
            Delete<span className="sr-only"> {item.title}</span>
          </button>
        </form>
        <details className="basis-full">
          <summary className={`${smallButtonClass} inline-block cursor-pointer`}>
            Rename<span className="sr-only"> {item.title}</span>
          </summary>
          <RenameForm id={item.id} title={item.title} back={back} />
        </details>
      </div>
    </li>
  );
}

function pageQuery(q: string, openedId?: string, projectId?: string): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  // The project stays named beside an opened conversation, so deleting the conversation goes back to the project.
  if (projectId) params.set("p", projectId);
  if (openedId) params.set("c", openedId);
  const query = params.toString();
  return query ? `?${query}` : "";
}
