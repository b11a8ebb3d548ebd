/**
 * The native assembler, one row per declared field of a chunk and of a candidate (the tables are
 * typed over their declared keys, so a new field without a row does not compile). Each chunk is a
 * whole response: the parts merge, every other field keeps its last value, and a candidate at a
 * position no chunk had before starts there.
 */
import { describe, expect, it } from "vitest";
import type { GenerateContentResponse, NativeCandidate } from "../../../src/index.js";
import { assemble, checkRow, type Row } from "../../support/index.js";

const started = [{ candidates: [{ index: 0, content: { role: "model", parts: [{ text: "Hel" }] } }] }];
const candidate = (fields: object) => ({ candidates: [{ index: 0, ...fields }] });

// `_request_id` is the answer's (set on a result, never sent in a chunk).
const RESPONSE: Record<Exclude<keyof GenerateContentResponse, "_request_id">, Row> = {
  candidates: {
    before: started,
    event: candidate({ content: { parts: [{ text: "lo" }] } }),
    after: { candidates: [{ content: { parts: [{ text: "Hello" }] } }] },
  },
  usageMetadata: {
    before: [{ usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1 } }],
    event: { usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 5 } },
    after: { usageMetadata: { candidatesTokenCount: 5 } },
  },
  modelVersion: { event: { modelVersion: "gemini-2.5-flash" }, after: { modelVersion: "gemini-2.5-flash" } },
  responseId: { event: { responseId: "r1" }, after: { responseId: "r1" } },
  promptFeedback: {
    event: { promptFeedback: { blockReason: "SAFETY" } },
    after: { promptFeedback: { blockReason: "SAFETY" } },
  },
  createTime: {
    event: { createTime: "2026-01-01T00:00:00Z" },
    after: { createTime: "2026-01-01T00:00:00Z" },
  },
};

const last = (key: keyof NativeCandidate, value: unknown): Row => ({
  before: started,
  event: candidate({ [key]: value }),
  after: { candidates: [{ [key]: value }] },
});

const CANDIDATE: Record<keyof NativeCandidate, Row> = {
  content: {
    before: started,
    event: candidate({
      content: { parts: [{ text: "Hm", thought: true }, { functionCall: { name: "f", args: {} } }] },
    }),
    // A thought part does not join the answer's text; a function call is a part of its own.
    after: {
      candidates: [
        {
          content: {
            parts: [{ text: "Hel" }, { text: "Hm", thought: true }, { functionCall: { name: "f" } }],
          },
        },
      ],
    },
  },
  // The candidate's position: the index of a candidate that appeared already changes nothing.
  index: { before: started, event: candidate({}), after: "unchanged" },
  finishReason: last("finishReason", "STOP"),
  finishMessage: last("finishMessage", "done"),
  safetyRatings: last("safetyRatings", [
    { category: "HARM_CATEGORY_HATE_SPEECH", probability: "NEGLIGIBLE" },
  ]),
  citationMetadata: last("citationMetadata", { citations: [{ uri: "https://x" }] }),
  groundingMetadata: last("groundingMetadata", { webSearchQueries: ["q"] }),
  urlContextMetadata: last("urlContextMetadata", { urlMetadata: [] }),
  avgLogprobs: last("avgLogprobs", -0.5),
  logprobsResult: last("logprobsResult", { topCandidates: [] }),
  tokenCount: last("tokenCount", 12),
};

describe("the native assembler: a row per field of a chunk", () => {
  it.each(Object.entries(RESPONSE))("%s", (_, row) => checkRow("native", row));
});

describe("the native assembler: a row per field of a candidate", () => {
  it.each(Object.entries(CANDIDATE))("%s", (_, row) => checkRow("native", row));
});

describe("targets and undeclared fields", () => {
  it("a candidate at a position no chunk had before starts there; one at no usable position is ignored", async () => {
    const { snapshot } = await assemble("native", [
      { candidates: [{ index: 1, content: { parts: [{ text: "B" }] } }] },
      { candidates: [{ index: -1, content: { parts: [{ text: "x" }] } }, { index: "__proto__" }] },
    ]);
    expect(snapshot.candidates[0]).toBeUndefined();
    expect(snapshot.candidates[1]).toEqual({ index: 1, content: { role: "model", parts: [{ text: "B" }] } });
  });

  it("a field the types do not declare keeps its last value, as declared ones do (each chunk is a whole response)", async () => {
    const { snapshot } = await assemble("native", [
      { modelStatus: { stage: "PREVIEW" } },
      candidate({ newField: 1 }),
      candidate({ newField: 2 }),
    ]);
    expect(snapshot.modelStatus).toEqual({ stage: "PREVIEW" });
    expect(snapshot.candidates[0].newField).toBe(2);
  });
});
