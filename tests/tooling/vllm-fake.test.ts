import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeVllm, type FakeServer } from "../fakes/vllm-server.mjs";

// The fake vLLM (tests/fakes/vllm-server.mjs) over real HTTP: it must answer and refuse as vLLM's
// /v1/completions does (decision 059), so the scorer's tests cannot pass against a friendlier server.

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeVllm({ apiKey: "k", maxLogprobs: 20 });
});
afterAll(() => fake.close());

const text = "The cat sat on the mat, and then it slept.";

async function complete(body: Record<string, unknown>, key = "k") {
  const response = await fetch(`${fake.url}/v1/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: "tiiuae/falcon-7b", prompt: text, max_tokens: 1, ...body }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe("the fake vLLM", () => {
  test("answers prompt_logprobs as vLLM does: null first, the top k plus the prompt token, with the token ids", async () => {
    const { status, body } = await complete({ prompt_logprobs: 3, return_token_ids: true, some_unknown_field: true });
    expect(status).toBe(200);
    const [choice] = body.choices;
    expect(body.object).toBe("text_completion");
    expect(choice.prompt_logprobs[0]).toBeNull();
    expect(choice.prompt_logprobs).toHaveLength(choice.prompt_token_ids.length);
    choice.prompt_logprobs.slice(1).forEach((position: Record<string, { logprob: number; rank: number }>, index: number) => {
      const own = position[String(choice.prompt_token_ids[index + 1])];
      expect(own).toBeDefined();
      const ranks = Object.values(position).map((entry) => entry.rank);
      expect(ranks.filter((rank) => rank <= 3).sort()).toEqual([1, 2, 3]);
      expect(Object.keys(position).length).toBe(own!.rank <= 3 ? 3 : 4);
    });
  });

  test("leaves out prompt_token_ids unless asked, and truncates as truncate_prompt_tokens says", async () => {
    expect((await complete({ prompt_logprobs: 1 })).body.choices[0].prompt_token_ids).toBeNull();
    const first = await complete({ prompt_logprobs: 1, return_token_ids: true, truncate_prompt_tokens: 3, truncation_side: "right" });
    const whole = await complete({ prompt_logprobs: 1, return_token_ids: true });
    expect(first.body.choices[0].prompt_token_ids).toEqual(whole.body.choices[0].prompt_token_ids.slice(0, 3));
  });

  test.each([
    [{ prompt_logprobs: 21 }, 400, "Requested prompt logprobs of 21, which is greater than max allowed: 20"],
    [{ prompt_logprobs: -1 }, 400, "Requested prompt logprobs of 65024, which is greater than max allowed: 20"],
    [{ prompt_logprobs: -2 }, 400, "`prompt_logprobs` must be a positive value or -1."],
    [{ prompt_logprobs: "5" }, 400, "`prompt_logprobs` must be an integer."],
    [{ prompt_logprobs: 5, stream: true }, 400, "`prompt_logprobs` are not available when `stream=True`."],
    [{ prompt: "" }, 400, "Either prompt or prompt_embeds must be provided and non-empty."],
    [{ model: "tiiuae/falcon-40b" }, 404, "The model `tiiuae/falcon-40b` does not exist."],
  ])("refuses %j with %i and vLLM's message", async (body, status, message) => {
    const answer = await complete(body);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatchObject({ message, code: status, type: status === 404 ? "NotFoundError" : "BadRequestError" });
  });

  test("refuses a request without the server's --api-key", async () => {
    expect(await complete({}, "wrong")).toEqual({ status: 401, body: { error: "Unauthorized" } });
  });
});
