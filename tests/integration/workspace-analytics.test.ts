import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi, createKeyOnDashboard } from "./api-helpers";
import { get, postForm, subscribe, visibleText } from "./helpers";
import { withFakeStripe } from "./each-test";

// The dashboard's analytics (issue 23): server-drawn SVG over tables with the same figures, from
// the activity the workspace records with each result (web and API) and the plan's usage counters.

beforeAll(async () => {
  await (await get("/dashboard")).text();
}, 120_000);
withFakeStripe();

// Over the ~80 words the trained detector needs before it gives a verdict, and called 'Likely AI'
// at Balanced, the default level (decision 058 raised its paragraph line to 92%).
const aiText = [
  "In today's ever-evolving landscape, remote work plays a pivotal role in how modern teams operate.",
  "Organizations must leverage robust tools to navigate the complexities of distributed collaboration.",
  "Companies that embrace flexible schedules can unlock new opportunities, streamline operations, and foster innovation across 42 offices.",
  "Additionally, it is essential to recognize that remote work is not a one-size-fits-all solution; rather, it requires careful planning, clear communication, and a commitment to continuous improvement.",
  "By fostering a culture of trust, transparency, and accountability, leaders can empower their teams to thrive in this dynamic environment.",
  "In conclusion, embracing remote work unlocks the potential for seamless growth and lasting success.",
].join(" ");
const today = new Date().toISOString().slice(0, 10);

describe("analytics on the dashboard", () => {
  it("shows a Pro subscriber results per tool per day, periods against the quota, words, verdicts, web versus API and hours, with a CSV", async () => {
    const { cookie, email } = await subscribe("pro");
    await postForm("/ai-detector", { text: aiText }, { cookie });
    await postForm("/ai-writer", { type: "blog", keywords: "", text: "Five ways to water a garden" }, { cookie });
    const key = await createKeyOnDashboard(cookie, "analytics");
    expect((await callApi("detect", { key, body: { text: aiText } })).status).toBe(200);

    const response = await get("/dashboard", { headers: { cookie } });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Advanced analytics");
    expect(html).toContain('data-chart="daily-usage"');
    expect(html).toContain('data-chart="hours"');
    // The screen reader's table: today's row has 2 detector results (web and API) and 1 writer result.
    expect(text).toContain("Results per tool per day in this period");
    expect(text).toMatch(new RegExp(`${today} 2 0 1 0 0 0`));
    expect(text).toMatch(/AI Writer\s+1\s+(0\s+)*100 generations/);
    const words = aiText.split(/\s+/).length * 2 + 6;
    expect(text).toContain(`Words processed this period: ${words}`);
    expect(text).toMatch(/Likely AI-written 2/);
    expect(text).toMatch(/Web 2 API 1/);

    const csv = await get("/dashboard/analytics.csv", { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const body = await csv.text();
    expect(body).toContain(`results per day,${today},detector,2\r\n`);
    expect(body).toContain("calls,api,,1\r\n");
    expect(body).toContain(`words processed,this period,,${words}\r\n`);
    const perHour = body.split("\r\n").filter((line) => line.startsWith("results per hour (UTC),"));
    expect(perHour).toHaveLength(24);
    expect(perHour.reduce((sum, line) => sum + Number(line.split(",")[3]), 0)).toBe(3);

    // Deleting a history item keeps the (content-free) activity.
    const item = (await env.DB.prepare("SELECT id FROM history_items WHERE email = ? AND tool = 'writer'")
      .bind(email)
      .first<{ id: string }>())!;
    await postForm(`/history/${item.id}`, { intent: "delete" }, { cookie });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM activity WHERE email = ?").bind(email).first<{ n: number }>())!.n).toBe(3);
  });

  it("gives a Basic subscriber the basic charts, and no CSV", async () => {
    const { cookie } = await subscribe("basic");
    await postForm("/ai-detector", { text: aiText }, { cookie });
    const text = visibleText(await (await get("/dashboard", { headers: { cookie } })).text());
    expect(text).toContain("Results per day this period");
    expect(text).toMatch(new RegExp(`${today} 1 0 0 0 0 0`));
    expect(text).toMatch(/AI Detection\s+1\s+(0\s+)*100 scans/);
    expect(text).not.toContain("Download CSV");
    expect(text).not.toContain("Words processed this period");
    expect(text).toContain("come with Advanced analytics on the Pro and Startup plans");
    expect((await get("/dashboard/analytics.csv", { headers: { cookie } })).status).toBe(403);
    expect((await get("/dashboard/analytics.csv")).status).toBe(401);
  });
});
