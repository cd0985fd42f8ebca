import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi, createKeyOnDashboard } from "./api-helpers";
import { carriedHistory, chatEvents, chatFields, chatReplyText, postChatStream } from "./chat-helpers";
import { withFakeStripe } from "./each-test";
import { exportedData, fakeOpenAi, get, postForm, postMultipart, subscribe, visibleText } from "./helpers";

// Chat projects (issue 45 item 3, docs/decisions/071) inside workerd: a subscriber's name,
// instructions and files that every chat started in the project uses, made and changed by the chat
// page's plain POST forms; deleted with its chats and files through the account's deletion path.
// The offline engine shows it followed the instructions (a reply starts with the word they ask for);
// the fake OpenAI shows what a provider receives.

beforeAll(async () => {
  await (await get("/conversational-ai")).text();
}, 120_000);
withFakeStripe();

const FILE_TEXT = "Lighthouse keepers logged every passing ship in a brass-bound ledger.";

type Account = { cookie: string; email: string };

/** Creates a project on the page (the New project form); its id from the 303's Location. */
async function createProject(account: Account, name: string, instructions: string): Promise<string> {
  const response = await postForm("/conversational-ai?project", { intent: "create", name, instructions }, { cookie: account.cookie });
  expect(response.status, await response.clone().text()).toBe(303);
  const id = /\?p=([0-9a-f]{32})$/.exec(response.headers.get("location") ?? "")?.[1];
  expect(id).toBeDefined();
  return id!;
}

/** Adds a text file to the project (the panel's multipart form). */
async function addFile(account: Account, project: string, name = "ledger.txt", text = FILE_TEXT) {
  const form = new FormData();
  form.set("intent", "add-files");
  form.set("project", project);
  form.append("files", new File([text], name, { type: "text/plain" }));
  return postMultipart(`/conversational-ai?project&p=${project}`, form, { cookie: account.cookie });
}

/** One of the project panel's forms, posted as the page posts it (intent, project, fields). */
function projectForm(account: Account, project: string, fields: Record<string, string>) {
  return postForm(`/conversational-ai?project&p=${project}`, { project, ...fields }, { cookie: account.cookie });
}

async function projectRow(id: string) {
  return env.DB.prepare("SELECT * FROM projects WHERE id = ?").bind(id).first<{ name: string; instructions: string; files: string }>();
}

async function projectChats(project: string) {
  const { results } = await env.DB.prepare("SELECT id, title FROM history_items WHERE project_id = ?")
    .bind(project)
    .all<{ id: string; title: string }>();
  return results;
}

/** A chat message posted without JavaScript in the project (the page's hidden `project` field; the form's address names it too). */
async function chatInProject(account: Account, project: string, message: string, { path = `/conversational-ai?p=${project}` } = {}) {
  return postForm(path, { ...chatFields(message), project }, { cookie: account.cookie });
}

describe("a project's life on the chat page", () => {
  it("is created, renamed, given instructions and files, listed with its chats, and deleted with all of it", async () => {
    const account = await subscribe("pro");
    const id = await createProject(account, "Harbour notes", "Start every reply with Ahoy.");

    // The page with the project open: its panel, its (empty) list of chats, and the chat form carrying it.
    let html = await (await get(`/conversational-ai?p=${id}`, { headers: { cookie: account.cookie } })).text();
    expect(visibleText(html)).toContain("Project · Harbour notes");
    expect(html).toContain(`<input type="hidden" name="project" value="${id}"/>`);
    // Clear (a GET form) starts again in the project.
    expect(html).toMatch(new RegExp(`<form id="chat-clear"[^>]*><input type="hidden" name="p" value="${id}"/></form>`));

    expect((await projectForm(account, id, { intent: "rename", name: "Harbour log" })).status).toBe(303);
    expect(
      (await projectForm(account, id, { intent: "instructions", instructions: "Start every reply with Ahoy. Be brief." })).status,
    ).toBe(303);
    expect((await addFile(account, id)).status).toBe(303);
    const row = await projectRow(id);
    expect(row).toMatchObject({ name: "Harbour log", instructions: "Start every reply with Ahoy. Be brief." });
    const [file] = JSON.parse(row!.files) as { id: string; name: string }[];
    expect(file).toMatchObject({ name: "ledger.txt" });
    expect(await (await env.MEDIA.get(`project-files/${file!.id}`))!.text()).toContain("brass-bound ledger");

    // Two chats in it: each reply follows the instructions and names the project's file.
    for (const message of ["Where is the ledger kept?", "Who kept it?"]) {
      const response = await chatInProject(account, id, message);
      expect(response.status).toBe(200);
      const reply = carriedHistory(await response.text()).at(-1)!;
      expect(reply.content).toMatch(/^Ahoy /);
      expect(reply.content).toContain("ledger.txt");
    }
    const chats = await projectChats(id);
    expect(chats.map((chat) => chat.title).sort()).toEqual(["Where is the ledger kept?", "Who kept it?"]);

    // A chat opened from the list opens in its project, carrying it on.
    html = await (await get(`/conversational-ai?c=${chats[0]!.id}`, { headers: { cookie: account.cookie } })).text();
    expect(visibleText(html)).toContain("Project · Harbour log");
    expect(html).toContain(`<input type="hidden" name="project" value="${id}"/>`);

    // The project's list has its chats; the list outside it does not.
    html = await (await get(`/conversational-ai?p=${id}`, { headers: { cookie: account.cookie } })).text();
    expect(visibleText(html)).toContain("Who kept it?");
    html = await (await get("/conversational-ai", { headers: { cookie: account.cookie } })).text();
    expect(visibleText(html)).toContain("Harbour log");
    expect(visibleText(html)).not.toContain("Who kept it?");

    // Removing the file deletes its object.
    expect((await projectForm(account, id, { intent: "remove-file", file: file!.id })).status).toBe(303);
    expect(await env.MEDIA.head(`project-files/${file!.id}`)).toBeNull();
    expect((await addFile(account, id, "second.txt")).status).toBe(303);
    const [second] = JSON.parse((await projectRow(id))!.files) as { id: string }[];

    // Delete: nothing of it is left in D1 or R2.
    const deleted = await projectForm(account, id, { intent: "delete" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/conversational-ai");
    expect(await projectRow(id)).toBeNull();
    expect(await projectChats(id)).toEqual([]);
    for (const chat of chats) {
      expect(await env.DB.prepare("SELECT 1 FROM history_items WHERE id = ?").bind(chat.id).first()).toBeNull();
    }
    const searched = await env.DB.prepare("SELECT COUNT(*) AS n FROM history_search WHERE history_search MATCH ?")
      .bind('"ledger"')
      .first<{ n: number }>();
    expect(searched?.n).toBe(0);
    expect(await env.MEDIA.head(`project-files/${second!.id}`)).toBeNull();
    expect((await get(`/conversational-ai?p=${id}`, { headers: { cookie: account.cookie } })).status).toBe(404);
  });

  it("refuses bad input with what to fix, keeping what was typed", async () => {
    const account = await subscribe("pro");
    const long = "x".repeat(4_001);
    const refused = await postForm(
      "/conversational-ai?project",
      { intent: "create", name: "Too wordy", instructions: long },
      { cookie: account.cookie },
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(visibleText(html)).toContain("The instructions are too long: the limit is 4,000 characters.");
    expect(html).toContain('value="Too wordy"');
    expect(html).toContain(long);

    const blank = await postForm("/conversational-ai?project", { intent: "create", name: "  " }, { cookie: account.cookie });
    expect(blank.status).toBe(400);
    expect(visibleText(await blank.text())).toContain("Type a name for the project.");

    const id = await createProject(account, "Files", "");
    const form = new FormData();
    form.set("intent", "add-files");
    form.set("project", id);
    for (const name of ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"]) form.append("files", new File([FILE_TEXT], name));
    const tooMany = await postMultipart(`/conversational-ai?project&p=${id}`, form, { cookie: account.cookie });
    expect(tooMany.status).toBe(400);
    expect(visibleText(await tooMany.text())).toContain("Attach at most 4 files to one message (you chose 5).");
    expect(JSON.parse((await projectRow(id))!.files)).toEqual([]);
  });

  it("is in 'Export my data' with its instructions and its files' descriptions", async () => {
    const account = await subscribe("pro");
    const id = await createProject(account, "Exported", "Start every reply with Ahoy.");
    expect((await addFile(account, id)).status).toBe(303);
    const exported = await exportedData(account.cookie);
    expect(exported.projects).toEqual([
      expect.objectContaining({
        id,
        name: "Exported",
        instructions: "Start every reply with Ahoy.",
        files: [expect.objectContaining({ kind: "document", name: "ledger.txt" })],
      }),
    ]);
  });

  it("is a subscriber's: a visitor cannot make one, and another account's project is a 404", async () => {
    const owner = await subscribe("pro");
    const id = await createProject(owner, "Mine", "");
    const visitor = await postForm("/conversational-ai?project", { intent: "create", name: "Visitor's" });
    expect(visitor.status).toBe(403);
    const stranger = await subscribe("pro");
    expect((await get(`/conversational-ai?p=${id}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    const renamed = await postForm(
      `/conversational-ai?project`,
      { intent: "rename", project: id, name: "Theirs" },
      { cookie: stranger.cookie },
    );
    expect(renamed.status).toBe(404);
    const deleted = await postForm(`/conversational-ai?project`, { intent: "delete", project: id }, { cookie: stranger.cookie });
    expect(deleted.status).toBe(404);
    expect(await projectRow(id)).toMatchObject({ name: "Mine" });
  });
});

describe("a chat in a project", () => {
  it("refuses another account's project, a made-up one and a visitor's guess with a 400 on the field, and stores nothing", async () => {
    const owner = await subscribe("pro");
    const id = await createProject(owner, "Private", "Start every reply with Secret.");
    const stranger = await subscribe("pro");
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM history_items WHERE email = ?")
      .bind(stranger.email)
      .first<{ n: number }>())!.n;

    // The hidden field changed in the stranger's own page (the page at another's `?p=` is a 404 itself).
    const theirs = await chatInProject(stranger, id, "Let me in", { path: "/conversational-ai" });
    expect(theirs.status).toBe(400);
    const html = await theirs.text();
    expect(visibleText(html)).toContain("This project does not exist, or it is not yours");
    expect(html).toContain("Let me in");
    expect(visibleText(html)).not.toContain("Secret");

    const madeUp = await chatInProject(stranger, "0".repeat(32), "Hello", { path: "/conversational-ai" });
    expect(madeUp.status).toBe(400);
    const malformed = await postForm("/conversational-ai", { ...chatFields("Hello"), project: "../etc" }, { cookie: stranger.cookie });
    expect(malformed.status).toBe(400);
    expect(visibleText(await malformed.text())).toContain("This project link is not valid");

    const visitor = await postChatStream({ ...chatFields("Hello"), project: id });
    expect(visitor.status).toBe(400);
    expect(await visitor.text()).toContain("This project does not exist, or it is not yours");
    const after = (await env.DB.prepare("SELECT COUNT(*) AS n FROM history_items WHERE email = ?")
      .bind(stranger.email)
      .first<{ n: number }>())!.n;
    expect(after).toBe(before);
  });

  it("says which of the project's files could not be read, rather than a message file's 24 hours", async () => {
    const account = await subscribe("pro");
    const id = await createProject(account, "Lost", "");
    expect((await addFile(account, id)).status).toBe(303);
    const [file] = JSON.parse((await projectRow(id))!.files) as { id: string }[];
    await env.MEDIA.delete(`project-files/${file!.id}`);
    const response = await chatInProject(account, id, "Read the ledger");
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(
      'The project\'s file "ledger.txt" could not be read: remove it from the project and add it again.',
    );
  });

  it("counts the project's files among the conversation's 10", async () => {
    const account = await subscribe("pro");
    const id = await createProject(account, "Full", "");
    const projectFiles = new FormData();
    projectFiles.set("intent", "add-files");
    projectFiles.set("project", id);
    for (const name of ["a.txt", "b.txt", "c.txt", "d.txt"]) projectFiles.append("files", new File([FILE_TEXT], name));
    expect((await postMultipart(`/conversational-ai?project&p=${id}`, projectFiles, { cookie: account.cookie })).status).toBe(303);

    const message = (text: string, history: unknown[], names: string[]) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...chatFields(text, { history }), project: id })) form.set(name, value);
      for (const name of names) form.append("files", new File([FILE_TEXT], name));
      return postMultipart(`/conversational-ai?p=${id}`, form, { cookie: account.cookie });
    };
    // 4 of the project's and 4 of the message's: 8 of 10.
    const first = await message("Four more", [], ["e.txt", "f.txt", "g.txt", "h.txt"]);
    expect(first.status).toBe(200);
    const history = carriedHistory(await first.text());
    // 4 more would be 12.
    const refused = await message("And four again", history, ["i.txt", "j.txt", "k.txt", "l.txt"]);
    expect(refused.status).toBe(400);
    expect(visibleText(await refused.text())).toContain("A conversation carries at most 10 files, the project's 4 included");
  });

  it("streams with JavaScript (/api/chat) following the project's instructions", async () => {
    const account = await subscribe("pro");
    const id = await createProject(account, "Stream", "Begin each answer with Bonjour");
    const response = await postChatStream({ ...chatFields("Say hello"), project: id }, { cookie: account.cookie });
    expect(response.status).toBe(200);
    expect(chatReplyText(await chatEvents(response))).toMatch(/^Bonjour /);
    // Kept in the project once the reply is complete (after the stream's last line).
    await expect.poll(async () => (await projectChats(id)).map((chat) => chat.title), { timeout: 5_000 }).toEqual(["Say hello"]);
  });

  describe("with the provider", () => {
    it("sends the project's instructions ahead of the assistant's and its files before the conversation", async () => {
      const account = await subscribe("pro");
      const id = await createProject(account, "Provider", "Answer as a ship's captain would.");
      expect((await addFile(account, id)).status).toBe(303);
      await fakeOpenAi.use();
      try {
        await fakeOpenAi.next({ chunks: ["Aye, ", "the ledger."] });
        const response = await chatInProject(account, id, "Where is the ledger?");
        expect(response.status).toBe(200);
        await response.text();
        const sent = (await fakeOpenAi.requests()).filter((request) => request.path === "/v1/responses").at(-1)!;
        const instructions: string = sent.body.instructions;
        expect(instructions.indexOf("Answer as a ship's captain would.")).toBeGreaterThanOrEqual(0);
        // Ahead of the assistant's own prompt (which names the assistant).
        expect(instructions.indexOf("Answer as a ship's captain would.")).toBeLessThan(instructions.search(/assistant/i));
        const [files, question] = sent.body.input;
        expect(files.role).toBe("user");
        expect(JSON.stringify(files.content)).toContain("brass-bound ledger");
        expect(question.content).toBe("Where is the ledger?");
      } finally {
        fakeOpenAi.offline();
      }
    });
  });

  it("is passed on the developer API by `project`, for the key's account's projects only", async () => {
    const account = await subscribe("pro");
    const key = await createKeyOnDashboard(account.cookie, "projects");
    const id = await createProject(account, "API", "Start every reply with Howdy.");
    const answered = await callApi("chat", { key, body: { message: "Hi there", assistant: "general", tone: "professional", project: id } });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.json.message.content).toMatch(/^Howdy /);

    const stranger = await subscribe("pro");
    const strangerKey = await createKeyOnDashboard(stranger.cookie, "projects");
    const refused = await callApi("chat", {
      key: strangerKey,
      body: { message: "Hi there", assistant: "general", tone: "professional", project: id },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json.errors)).toContain("This project does not exist, or it is not yours");

    const document = await (await get("/api/v1/openapi.json")).json<any>();
    expect(JSON.stringify(document.paths["/chat"].post.requestBody)).toContain('"project"');
  });
});
