// Workspace history at scale: one account with 10,000 items in local D1 (the FTS5 index filled
// too), then the /history page as that person sees it, timed end to end (Worker, D1, rendering):
// the first page, a deep page (keyset cursor), a full-text search matching ~500 items, a rare word,
// and a tool filter with a search.
import { d1, signIn } from "./load.mjs";
import { median } from "./stats.mjs";

export const HISTORY_ITEMS = 10_000;
const RUNS = 30;
const EMAIL = "bench-history@example.com";
const WORDS = [
  "bonsai",
  "zeppelin",
  "marmalade",
  "lighthouse",
  "otter",
  "quantum",
  "harvest",
  "glacier",
  "saffron",
  "tram",
  "violin",
  "cactus",
  "nebula",
  "pottery",
  "falcon",
  "lantern",
  "meadow",
  "cobalt",
  "walnut",
  "origami",
];
const TOOLS = ["detector", "humanizer", "writer", "voiceover", "imagine", "chat"];

function seed(persist) {
  const now = Math.floor(Date.now() / 1000);
  // D1 refuses long UNION chains: the lists go in as JSON arrays.
  const words = `SELECT key AS k, value AS w FROM json_each('${JSON.stringify(WORDS)}')`;
  const tools = `SELECT key AS k, value AS t FROM json_each('${JSON.stringify(TOOLS)}')`;
  d1(
    persist,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${HISTORY_ITEMS}), words AS (${words}), tools AS (${tools})
     INSERT INTO history_items (id, email, tool, source, title, input, output, created_at, updated_at, expires_at)
     SELECT printf('%032x', i), '${EMAIL}', tools.t, 'web', 'Notes on the ' || words.w || ' number ' || i,
       json_object('text', 'A paragraph about the ' || words.w || ' and its history, item ' || i || (CASE WHEN i = 4242 THEN ' with a platypus' ELSE '' END)),
       json_object('tool', tools.t, 'text', 'Result ' || i), ${now} - i * 60, ${now} - i * 60, ${now} + 86400
     FROM n JOIN words ON words.k = i % ${WORDS.length} JOIN tools ON tools.k = i % ${TOOLS.length}`,
  );
  d1(
    persist,
    `INSERT INTO history_search (rowid, title, body) SELECT seq, title, json_extract(input, '$.text') || ' ' || json_extract(output, '$.text') FROM history_items WHERE email = '${EMAIL}'`,
  );
  return d1(persist, `SELECT COUNT(*) AS n FROM history_items WHERE email = '${EMAIL}'`)[0].n;
}

async function timed(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const html = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms, items: (html.match(/href="\/history\/[0-9a-f]{32}"/g) ?? []).length, html };
}

export async function measureHistory(baseUrl, persist) {
  const cookie = await signIn(baseUrl, EMAIL);
  const items = seed(persist);
  // A deep page: follow 'Older' 50 times (item ~1,000), then time that page.
  let deepQuery = "";
  for (let page = 0; page < 50; page += 1) {
    const { html } = await timed(`${baseUrl}/history${deepQuery}`, cookie);
    deepQuery = `?${html.match(/href="\/history\?(cursor=[^"]+)"/)[1].replace(/&amp;/g, "&")}`;
  }
  const scenarios = [
    ["first page", "/history"],
    ["page 51 (cursor)", `/history${deepQuery}`],
    ["search 'bonsai' (~500 matches)", "/history?q=bonsai"],
    ["search 'platypus' (1 match)", "/history?q=platypus"],
    ["tool filter + search", "/history?tool=writer&q=saffron"],
  ];
  const results = [];
  for (const [name, path] of scenarios) {
    const times = [];
    let shown = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const { ms, items: count } = await timed(`${baseUrl}${path}`, cookie);
      times.push(ms);
      shown = count;
    }
    times.sort((a, b) => a - b);
    results.push({ name, medianMs: round(median(times)), p95Ms: round(times[Math.floor(times.length * 0.95) - 1]), shown });
  }
  return { items, runs: RUNS, scenarios: results };
}

const round = (ms) => Math.round(ms * 10) / 10;
