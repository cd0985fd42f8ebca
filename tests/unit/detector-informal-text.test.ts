import { describe, expect, it } from "vitest";
import { detectAiText, detectionResult } from "../../app/server/detector/detect.server";
import { identifyLanguage } from "../../app/server/detector/language-identification.server";
import { splitSentences } from "../../app/server/detector/text-stats.server";
import { historyEntry } from "../../app/server/workspace/history-entry.server";

const informal = (text: string) => splitSentences(text, { informal: true }).map((s) => s.text);

const CHAT =
  "lol ok so i finally tried that ramen place downtown\n" +
  "honestly not worth the hype\n" +
  "the broth was fine but way too salty and we waited like 40 mins\n" +
  "my friend loved it tho so idk maybe its just me\n" +
  "anyway we got bubble tea after and that was amazing\n" +
  "would go back for the tea not the ramen";

// Written for this test: a casual first-person story of the kind issue 28 saw called 'Likely AI'.
const STORY =
  "I moved to Leeds in 2019 for a job that lasted about six months, which is a long story. I didn't know anyone, so I " +
  "spent most weekends walking along the canal and trying every chippy within a mile of my flat. My mum kept ringing to " +
  "ask if I was eating properly. I wasn't, honestly. Then I met Sam at a pub quiz we both lost badly, and things got a " +
  "lot better after that.";

describe("sentence splitting of casual text", () => {
  it("ends sentences at full stops followed by a lower-case word", () => {
    expect(informal("lol ok so i moved to leeds in 2019. it was fine tbh. then covid hit and everything went weird")).toEqual([
      "lol ok so i moved to leeds in 2019.",
      "it was fine tbh.",
      "then covid hit and everything went weird",
    ]);
  });

  it("ends a sentence at each line of a chat-style message", () => {
    expect(informal(CHAT)).toHaveLength(6);
    expect(informal(CHAT)[1]).toBe("honestly not worth the hype");
  });

  it("cuts a long unpunctuated run at a comma or conjunction, never in the middle of a word", () => {
    const run =
      "so yesterday i went to the shop and the guy at the counter was super rude to me and i didnt say anything because i " +
      "was tired but then my friend came in and she totally lost it at him and honestly i was kind of proud of her even " +
      "though it was embarrassing and everyone was staring at us the whole time lol";
    const parts = informal(run);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join(" ")).toBe(run);
    for (const part of parts) expect(part.split(" ").length).toBeLessThanOrEqual(40);
  });

  it("keeps trailing-off dots, quoted questions, abbreviations and hard-wrapped prose inside one sentence", () => {
    expect(informal("wait... what do you mean")).toEqual(["wait... what do you mean"]);
    expect(informal('"Really?" she asked. Mr. Smith paid $3.50 at 5 p.m. yesterday.')).toEqual([
      '"Really?" she asked.',
      "Mr. Smith paid $3.50 at 5 p.m. yesterday.",
    ]);
    const wrapped =
      "The committee met on Tuesday to review the budget for the coming\n" +
      "year, and after a long discussion it agreed to postpone the vote\n" +
      "until the March meeting.";
    expect(informal(wrapped)).toEqual([wrapped]);
  });

  it("leaves edited prose as before when not asked for informal splitting", () => {
    expect(splitSentences("it was fine. then we left").map((s) => s.text)).toEqual(["it was fine. then we left"]);
  });

  it("reads chat-style text as several plain sentences, not one long hard one", () => {
    const detection = detectAiText(CHAT);
    expect(detection.sentences).toHaveLength(6);
    expect(detection.analysis).not.toMatch(/dense, with many long words/);
  });
});

describe("language identification", () => {
  it("takes casual, lower-case and short English for English", () => {
    for (const text of [CHAT, STORY, "ok thanks", "idk man, sounds like a u problem tbh", STORY.toLowerCase()]) {
      expect(identifyLanguage(text), text).toMatchObject({ english: true, code: "eng" });
    }
  });

  it("names other languages, whatever their script, and with emoji", () => {
    expect(identifyLanguage("ذهبت إلى السوق اليوم واشتريت بعض الفواكه والخضروات الطازجة 😊🎉 كان الجو جميلا جدا")).toMatchObject({
      english: false,
      name: "Arabic",
    });
    expect(
      identifyLanguage("Ayer fuimos a la playa con mis amigos y comimos paella en un restaurante muy bonito cerca del puerto."),
    ).toMatchObject({ english: false, name: "Spanish" });
    expect(identifyLanguage("Ich habe heute keine Zeit, weil ich noch arbeiten muss und der Zug wieder zu spät ist.")).toMatchObject({
      english: false,
      name: "German",
    });
    expect(identifyLanguage("我今天去超市买了很多水果，天气很好，我们还去公园散步了。")).toMatchObject({ english: false, name: "Chinese" });
  });

  it("names a language over several paragraphs too, where franc's scores bunch up behind the top", () => {
    const french = [
      "Le chat dormait sur le rebord de la fenêtre pendant que la pluie tombait doucement sur les toits de la vieille ville. Nous avons préparé le dîner ensemble, puis nous avons parlé de nos vacances passées à la montagne, des sentiers couverts de neige et du refuge où nous avions dormi si mal.",
      "Le lendemain, ma sœur est arrivée avec ses deux enfants. Ils ont couru partout dans l'appartement, ont renversé un vase et ont ri pendant des heures. Le soir, nous sommes sortis marcher le long du fleuve, en regardant les lumières des cafés qui restaient ouverts tard dans la nuit.",
      "Je ne sais pas encore si nous partirons en Bretagne cet été. Mon père voudrait revoir la maison de son enfance, mais le voyage est long.",
    ].join("\n\n");
    expect(identifyLanguage(french)).toMatchObject({ english: false, name: "French" });
  });

  it("answers 'English only for now' for another language: its own verdict, no number, no sentence scores", () => {
    const detection = detectAiText("مرحبا 😊 كيف حالك اليوم؟ أتمنى أن تكون بخير 🎉");
    expect(detection.verdict).toBe("english-only");
    expect(detection.report).toMatch(
      /^AI Probability: not scored \(English only for now\)\nAnalysis: This text looks like Arabic\. The detector is trained on English only for now/,
    );
    const result = detectionResult(detection);
    expect(result).toMatchObject({ verdict: "english-only", probability: null, range: null, sentences: [] });
  });
});

describe("casual first-person writing", () => {
  it("does not read a casual first-person story by a person as AI", () => {
    const detection = detectAiText(STORY);
    expect(detection.verdict).not.toBe("likely-ai");
    expect(detection.probability).toBeLessThan(100 * 0.6);
  });
});

describe("history of an 'english-only' answer", () => {
  it("keeps the verdict and no probability", () => {
    const result = detectionResult(
      detectAiText("Ayer fuimos a la playa con mis amigos y comimos paella en un restaurante muy bonito cerca del puerto."),
    );
    const entry = historyEntry("detector", { text: "…" }, result);
    expect(entry.output).toMatchObject({ tool: "detector", verdict: "english-only", probability: null });
  });
});
