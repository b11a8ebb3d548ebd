/** Native streams: SSE over CRLF, parts merged, thoughts apart, usage, signatures, snapshot, error chunks. */
import { describe, expect, it } from "vitest";
import {
  APIUserAbortError,
  answerText,
  functionCalls,
  type GenerateContentResponse,
  GenerateContentStream,
  InternalServerError,
  RateLimitError,
  ServiceUnavailableError,
  thoughtText,
} from "../../../src/index.js";
import { collect, fixture, mockForFile, rejection, replay } from "../../support/index.js";

const h = mockForFile();
const slow = mockForFile({ streamDelayMs: 15 });

const here = new URL(".", import.meta.url);
const contents = (text: string) => [{ role: "user" as const, parts: [{ text }] }];
const thinking = { thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } };

describe("native streaming", () => {
  it("asks for :streamGenerateContent?alt=sse and assembles one response", async () => {
    const stream = await h.gw.native.streamGenerateContent({
      model: "gemini-2.5-flash",
      contents: contents("Stream please"),
    });
    expect(stream).toBeInstanceOf(GenerateContentStream);
    const sent = h.mock.requests.at(-1)!;
    expect(sent.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent");
    expect(new URL(sent.url).searchParams.get("alt")).toBe("sse");
    expect(sent.body).toEqual({ contents: contents("Stream please") });
    const chunks: GenerateContentResponse[] = await collect(stream);
    expect(chunks.length).toBeGreaterThan(2);
    const response = await stream.finalResponse();
    const parts = response.candidates![0]!.content!.parts!;
    expect(parts).toEqual([{ text: 'Hello from the genway mock gateway! You said: "Stream please".' }]); // merged
    expect(response.candidates![0]!.finishReason).toBe("STOP");
    // Each chunk carries the usage so far; the assembled response keeps the last (complete) one.
    expect(chunks[0]!.usageMetadata!.candidatesTokenCount).toBeLessThan(
      response.usageMetadata!.candidatesTokenCount!,
    );
    expect(response.usageMetadata).toEqual(chunks.at(-1)!.usageMetadata);
    expect(await stream.finalText()).toBe(parts[0]!.text);
  });

  it("thought parts stay apart: text() and finalText() give the answer only", async () => {
    const stream = await h.gw.native.streamGenerateContent({
      model: "gemini-2.5-pro",
      contents: contents("Why?"),
      generationConfig: thinking,
    });
    const pieces = await collect(stream.text());
    expect(pieces.join("")).toBe('Hello from the genway mock gateway! You said: "Why?".');
    const response = await stream.finalResponse();
    expect(response.candidates![0]!.content!.parts!.map((part) => Boolean(part.thought))).toEqual([
      true,
      false,
    ]);
    expect(thoughtText(response)).toContain("Reading the request");
    expect(await stream.finalText()).toBe(pieces.join(""));
    expect(response.usageMetadata!.thoughtsTokenCount).toBeGreaterThan(0);
  });

  it("Gemini 3: the signature sent on an empty final part is kept on the answer text", async () => {
    const stream = await h.gw.native.streamGenerateContent({
      model: "gemini-3-pro-preview",
      contents: contents("hi"),
    });
    const chunks = await collect(stream);
    expect(chunks.at(-1)!.candidates![0]!.content!.parts).toEqual([
      { text: "", thoughtSignature: expect.stringMatching(/^sig_/) },
    ]);
    const parts = stream.snapshot().candidates![0]!.content!.parts!;
    expect(parts).toEqual([
      {
        text: 'Hello from the genway mock gateway! You said: "hi".',
        thoughtSignature: expect.stringMatching(/^sig_/),
      },
    ]);
  });

  it("a function call arrives whole as its own part", async () => {
    const tools = [{ functionDeclarations: [{ name: "read_theme" }] }];
    const stream = await h.gw.native.streamGenerateContent({
      model: "gemini-2.5-flash",
      contents: contents("go"),
      tools,
    });
    const response = await stream.finalResponse();
    expect(functionCalls(response)).toEqual([{ name: "read_theme", args: {} }]);
  });

  it("snapshot() after abort keeps the answer so far", async () => {
    const stream = await slow.gw.native.streamGenerateContent({
      model: "gemini-2.5-flash",
      contents: contents("one two three"),
    });
    let text = "";
    const error = await rejection(
      (async () => {
        for await (const chunk of stream) {
          text += answerText(chunk);
          stream.abort();
        }
      })(),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    const snapshot = stream.snapshot();
    expect(answerText(snapshot)).toBe(text);
    expect(text).toBe("Hello from the");
    expect(snapshot.candidates![0]!.finishReason).toBeUndefined();
  });

  describe("an error chunk inside the 200 stream is the same typed error as over HTTP", () => {
    it.each([
      ["[error]", ServiceUnavailableError],
      ["[error:rate_limit]", RateLimitError],
      ["[error:server]", InternalServerError],
    ] as const)("%s", async (prompt, ErrorClass) => {
      const stream = await h.gw.native.streamGenerateContent({
        model: "gemini-2.5-flash",
        contents: contents(prompt),
      });
      const inStream = await rejection(stream.finalResponse());
      expect(inStream).toBeInstanceOf(ErrorClass);
      expect(answerText(stream.snapshot())).toBe("Hello from the");
      const overHttp = await rejection(
        h.gw.native.generateContent({ model: "gemini-2.5-flash", contents: contents(prompt) }),
      );
      expect(overHttp.constructor).toBe(inStream.constructor);
      expect(overHttp.status).toBe(inStream.status);
    });
  });

  describe("upstream captures", () => {
    const open = (name: string) =>
      replay(fixture(here, name)).native.streamGenerateContent({
        model: "gemini-2.0-flash",
        contents: contents("x"),
      });

    it("a text stream with mixed CR/LF framing and a final usage", async () => {
      const stream = await open("gemini-stream.txt");
      const response = await stream.finalResponse();
      const text = answerText(response);
      expect(text.startsWith("The sky is blue due to a phenomenon called **Rayleigh scattering**.")).toBe(
        true,
      );
      expect(text.endsWith("leading to variations in the blue intensity or even a hazy appearance.")).toBe(
        true,
      );
      expect(response.candidates![0]!.content!.parts).toHaveLength(1);
      expect(response.usageMetadata).toMatchObject({
        candidatesTokenCount: 377,
        promptTokenCount: 6,
        totalTokenCount: 383,
      });
      expect(response.responseId).toBe("pdSfaOurIPqAm9IPucqbqA4");
    });

    it("a thinking stream: thought part, a signed function call, an empty final part", async () => {
      const response = await (await open("gemini-thinking-stream.txt")).finalResponse();
      const parts = response.candidates![0]!.content!.parts!;
      expect(parts[0]).toMatchObject({
        thought: true,
        text: expect.stringMatching(/^\*\*Processing User Requests/),
      });
      expect(parts[1]).toMatchObject({
        functionCall: { name: "read_theme" },
        thoughtSignature: expect.any(String),
      });
      expect(answerText(response)).toBe("");
      expect(functionCalls(response)).toEqual([{ name: "read_theme" }]);
      expect(response.usageMetadata).toMatchObject({ thoughtsTokenCount: 183, candidatesTokenCount: 58 });
    });

    it("a Gemini 3 stream whose signature arrives on an empty final part", async () => {
      const response = await (await open("gemini-stream-thought-signature.txt")).finalResponse();
      const parts = response.candidates![0]!.content!.parts!;
      expect(parts).toHaveLength(1);
      expect(parts[0]!.text).toBe(
        'There are **3** "r"s in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.',
      );
      expect(parts[0]!.thoughtSignature).toMatch(/^Eo0HCooHAb4/);
    });
  });
});

describe("a blocked prompt (promptFeedback.blockReason)", () => {
  const blocked = [{ role: "user" as const, parts: [{ text: "something [blocked:PROHIBITED_CONTENT]" }] }];

  it("generateContent resolves to the response carrying the block reason and no candidates", async () => {
    const response = await h.gw.native.generateContent({ model: "gemini-2.5-flash", contents: blocked });
    expect(response.promptFeedback?.blockReason).toBe("PROHIBITED_CONTENT");
    expect(response.candidates).toBeUndefined();
    expect(answerText(response)).toBe("");
    expect(response.usageMetadata?.totalTokenCount).toBe(response.usageMetadata?.promptTokenCount);
  });

  it("a stream of it completes (no APIConnectionError): the final response carries the reason", async () => {
    const stream = await h.gw.native.streamGenerateContent({ model: "gemini-2.5-flash", contents: blocked });
    const chunks: GenerateContentResponse[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks).toHaveLength(1);
    const final = await stream.finalResponse();
    expect(final.promptFeedback).toEqual({ blockReason: "PROHIBITED_CONTENT" });
    expect(await stream.finalText()).toBe("");
    expect(final.candidates).toEqual([]);
  });

  it("`[blocked]` alone means PROHIBITED_CONTENT; any reason is spelt as given", async () => {
    const stream = await h.gw.native.streamGenerateContent({
      model: "gemini-3-pro-preview",
      contents: [{ parts: [{ text: "[blocked:safety]" }] }],
    });
    expect((await stream.finalResponse()).promptFeedback?.blockReason).toBe("SAFETY");
    const plain = await h.gw.native.generateContent({
      model: "gemini-2.5-flash",
      contents: [{ parts: [{ text: "[blocked]" }] }],
    });
    expect(plain.promptFeedback?.blockReason).toBe("PROHIBITED_CONTENT");
  });
});
