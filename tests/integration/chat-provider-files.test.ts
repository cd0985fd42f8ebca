import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { landscapePng, rgbPng } from "../support/rgb-png.mjs";
import { fakeOpenAi, freshClient, postForm, postMultipart, subscribe, visibleText } from "./helpers";
import { carriedHistory, chatFields } from "./chat-helpers";
import { withFakeOpenAi, withFakeStripe } from "./each-test";

// A chat's images go to OpenAI once (docs/decisions/073): uploaded to the fake's Files API when the
// message is stored, named by file id in every turn's Responses request after that, sent as a data
// URL when the upload fails, and deleted from the provider with the account.

type Received = { method: string; path: string; body: any };

async function received(): Promise<Received[]> {
  return (await fakeOpenAi.requests()) as unknown as Received[];
}
const uploads = (requests: Received[]) => requests.filter((request) => request.method === "POST" && request.path === "/v1/files");
const turns = (requests: Received[]) => requests.filter((request) => request.path === "/v1/responses");
/** The `input_image` parts of a Responses request. */
const imageParts = (request: Received): any[] =>
  (request.body.input as any[])
    .flatMap((item) => (Array.isArray(item.content) ? item.content : []))
    .filter((part) => part.type === "input_image");

function chatForm(fields: Record<string, string>, files: File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (files.length === 0) form.append("files", new File([], "", { type: "application/octet-stream" }));
  for (const file of files) form.append("files", file);
  return form;
}

const chartPng = () => new File([new Uint8Array(landscapePng(240, 160))], "chart.png", { type: "image/png" });

const filesCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("__Host-chat-files="))
    ?.split(";")[0];

/** Two turns of the page without JavaScript: a message with `image`, then a follow-up carrying the conversation. */
async function twoTurns(image: File, headers: Record<string, string> = freshClient()) {
  const first = await postMultipart("/conversational-ai", chatForm(chatFields("What does this chart show?"), [image]), headers);
  expect(first.status).toBe(200);
  const cookie = headers.cookie ?? filesCookie(first)!;
  const history = carriedHistory(await first.text());
  const second = await postMultipart("/conversational-ai", chatForm(chatFields("And the green part?", { history }), []), {
    ...headers,
    cookie,
  });
  expect(second.status).toBe(200);
  return { second: await second.text(), history, cookie };
}

withFakeOpenAi();

describe("a chat's image is sent to OpenAI once", () => {
  withFakeStripe();
  it("uploads the image when it is stored, then names it by file id: the bytes reach the provider once", async () => {
    const image = chartPng();
    const { second } = await twoTurns(image);
    expect(visibleText(second)).toContain("Fake provider reply to: And the green part?");

    const requests = await received();
    const [upload, ...more] = uploads(requests);
    expect(more).toEqual([]);
    expect(upload!.body).toEqual({
      purpose: "vision",
      expires_after: { anchor: "created_at", seconds: 86_400 },
      file: { name: "chart.png", type: "image/png", size: expect.any(Number) },
    });
    const [firstTurn, secondTurn] = turns(requests);
    const fileId = imageParts(firstTurn!)[0]?.file_id;
    expect(fileId).toMatch(/^file-/);
    // Both turns name the same copy, at the detail they always had; no turn carries the bytes.
    for (const turn of [firstTurn!, secondTurn!])
      expect(imageParts(turn)).toEqual([{ type: "input_image", file_id: fileId, detail: "auto" }]);
    expect(JSON.stringify(turns(requests).map((turn) => turn.body))).not.toContain("data:image");
  });

  it("an upload the provider refuses falls back to the data URL, and the chat answers", async () => {
    await fakeOpenAi.next({ status: 500 });
    const { second } = await twoTurns(chartPng());
    expect(visibleText(second)).toContain("Fake provider reply to: And the green part?");
    const requests = await received();
    expect(uploads(requests)).toHaveLength(1);
    for (const turn of turns(requests)) {
      const [part] = imageParts(turn);
      expect(part).toMatchObject({ type: "input_image", detail: "auto" });
      expect(part.image_url).toMatch(/^data:image\/png;base64,/);
      expect(part).not.toHaveProperty("file_id");
    }
  });

  it("deleting the account deletes the provider's copy", async () => {
    const { cookie, email } = await subscribe("pro");
    await twoTurns(chartPng(), { ...freshClient(), cookie });
    const fileId = imageParts(turns(await received())[0]!)[0]?.file_id as string;
    const asTheSite = { authorization: `Bearer ${env.OPENAI_API_KEY}` };
    const before = await fetch(`${env.FAKE_OPENAI_URL}/v1/files/${fileId}`, { headers: asTheSite });
    expect(before.status).toBe(200);

    const deleted = await postForm("/account/delete", { confirmEmail: email }, { cookie });
    expect(deleted.status).toBe(200);
    expect((await received()).filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual([
      `/v1/files/${fileId}`,
    ]);
    const after = await fetch(`${env.FAKE_OPENAI_URL}/v1/files/${fileId}`, { headers: asTheSite });
    expect(after.status).toBe(404);
  });

  it("after the operator changes the API key, an earlier image goes as a data URL (the new key cannot see the copy)", async () => {
    const headers = freshClient();
    const first = await postMultipart("/conversational-ai", chatForm(chatFields("What does this chart show?"), [chartPng()]), headers);
    expect(first.status).toBe(200);
    const cookie = filesCookie(first)!;
    const history = carriedHistory(await first.text());
    const uploadedAs = env.OPENAI_API_KEY;
    env.OPENAI_API_KEY = "sk-test-integration-key-rotated-5678";
    try {
      const second = await postMultipart("/conversational-ai", chatForm(chatFields("And the green part?", { history }), []), {
        ...headers,
        cookie,
      });
      expect(second.status).toBe(200);
      expect(visibleText(await second.text())).toContain("Fake provider reply to: And the green part?");
    } finally {
      env.OPENAI_API_KEY = uploadedAs;
    }
    const [firstTurn, secondTurn] = turns(await received());
    expect(imageParts(firstTurn!)[0]).toMatchObject({ file_id: expect.stringMatching(/^file-/) });
    const [part] = imageParts(secondTurn!);
    expect(part.image_url).toMatch(/^data:image\/png;base64,/);
    expect(part).not.toHaveProperty("file_id");
  });

  it("measured: the second turn's request with a 5 MB image, by data URL and by file id", async () => {
    // 1,300 × 1,300 pixels of noise, stored without compression: a 5.07 MB PNG.
    const side = 1300;
    const rows = new Uint8Array((side * 3 + 1) * side);
    let seed = 73;
    for (let index = 0; index < rows.length; index += 1) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      rows[index] = index % (side * 3 + 1) === 0 ? 0 : seed >>> 24;
    }
    const png = new Uint8Array(rgbPng(side, side, rows, { level: 0 }));
    const photo = () => new File([png], "noise.png", { type: "image/png" });
    const secondTurnBytes = async () => new TextEncoder().encode(JSON.stringify(turns(await received()).at(-1)!.body)).length;

    await fakeOpenAi.next({ status: 500 });
    await twoTurns(photo());
    const byDataUrl = await secondTurnBytes();
    await fakeOpenAi.use();
    await twoTurns(photo());
    const byFileId = await secondTurnBytes();

    console.log(`second turn's /v1/responses body, ${png.length} byte PNG: ${byDataUrl} bytes by data URL, ${byFileId} by file id`);
    expect(byDataUrl).toBeGreaterThan((png.length * 4) / 3);
    expect(byFileId).toBeLessThan(4_000);
  });
});

describe("the fake's Files API refuses what OpenAI's refuses", () => {
  const authorization = "Bearer sk-test-direct";
  /** POST /v1/files of the chart with `purpose`, as `authorization`'s key. */
  const upload = (purpose: string) => {
    const form = new FormData();
    form.set("purpose", purpose);
    form.set("file", chartPng());
    return fetch(`${env.FAKE_OPENAI_URL}/v1/files`, { method: "POST", headers: { authorization }, body: form });
  };

  it("another key's file is not found: GET, DELETE and an input_image naming it → 404", async () => {
    const uploaded = await upload("vision");
    expect(uploaded.status).toBe(200);
    const { id } = (await uploaded.json()) as { id: string };
    const stranger = { authorization: "Bearer sk-test-another-project" };
    expect((await fetch(`${env.FAKE_OPENAI_URL}/v1/files/${id}`, { headers: stranger })).status).toBe(404);
    expect((await fetch(`${env.FAKE_OPENAI_URL}/v1/files/${id}`, { method: "DELETE", headers: stranger })).status).toBe(404);
    const named = await fetch(`${env.FAKE_OPENAI_URL}/v1/responses`, {
      method: "POST",
      headers: { ...stranger, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-6-luna", input: [{ role: "user", content: [{ type: "input_image", file_id: id }] }] }),
    });
    expect(named.status).toBe(404);
    expect((await fetch(`${env.FAKE_OPENAI_URL}/v1/files/${id}`, { headers: { authorization } })).status).toBe(200);
  });

  it("an unknown purpose → 400; a Responses input_image naming a file it does not hold → 404", async () => {
    const refused = await upload("pictures");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      param: "purpose",
      code: "invalid_value",
      type: "invalid_request_error",
    });

    const unknown = await fetch(`${env.FAKE_OPENAI_URL}/v1/responses`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({
        model: "gpt-6-luna",
        input: [{ role: "user", content: [{ type: "input_image", file_id: "file-nobody", detail: "auto" }] }],
      }),
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: unknown }).error).toMatchObject({
      message: "No such File object: file-nobody",
      param: "input[0].content[0].file_id",
    });
  });
});
