/** The family-agnostic pieces of structured output: partial JSON, strict mode, nulls for optionals, runTool. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTool } from "../../src/lib/define-tool.js";
import { parsePartialJson, ToolAbortError, ToolRunner } from "../../src/lib/index.js";
import { dropNullOptionals, forFormat } from "../../src/lib/strict.js";
import { runTool } from "../../src/lib/tools.js";

describe("parsePartialJson", () => {
  it("reads every prefix of a JSON text without throwing, keeping half-written strings", () => {
    const text = JSON.stringify({ a: 'hé"llo', b: [1, 2.5, { c: null, d: true }], e: -3e2, f: "\\u00e9" });
    for (let i = 0; i <= text.length; i++) expect(() => parsePartialJson(text.slice(0, i))).not.toThrow();
    expect(parsePartialJson(text)).toEqual(JSON.parse(text));
    expect(parsePartialJson('{"a": "hé\\"ll')).toEqual({ a: 'hé"ll' });
    expect(parsePartialJson('{"a": "x\\u00')).toEqual({ a: "x" });
  });

  it("leaves out unfinished keys, numbers and literals until they are whole", () => {
    expect(parsePartialJson("")).toBeUndefined();
    expect(parsePartialJson('{"a": 1')).toEqual({});
    expect(parsePartialJson('{"a": 12,')).toEqual({ a: 12 });
    expect(parsePartialJson('{"a": tr')).toEqual({});
    expect(parsePartialJson('{"ke')).toEqual({});
    expect(parsePartialJson('{"a": [1, {"b": "c')).toEqual({ a: [1, { b: "c" }] });
    expect(parsePartialJson('{"__proto__": {"x": 1}, "y": 2}')).toEqual({ y: 2 });
  });

  it("throws on text that is not a prefix of JSON", () => {
    expect(() => parsePartialJson("Sure! {")).toThrow(SyntaxError);
  });
});

describe("forFormat and dropNullOptionals", () => {
  const schema = z.toJSONSchema(
    z.object({ a: z.string(), b: z.number().optional(), c: z.string().nullable().optional() }),
    {
      io: "input",
    },
  ) as Record<string, unknown>;

  it("makes every property required and optional ones nullable in strict mode, leaving others alone", () => {
    const strict = forFormat(schema, "openai-strict", "op") as any;
    expect(strict.required).toEqual(["a", "b", "c"]);
    expect(strict.additionalProperties).toBe(false);
    expect(strict.properties.b).toEqual({ anyOf: [{ type: "number" }, { type: "null" }] });
    // c already takes null: unchanged.
    expect(strict.properties.c).toEqual(schema.properties && (schema.properties as any).c);
    expect((forFormat(schema, "anthropic-tool", "op") as any).required).toEqual(["a"]);
  });

  it("drops the nulls strict mode put in place of absent optionals, and keeps nulls the schema allows", () => {
    expect(dropNullOptionals({ a: "x", b: null, c: null }, schema)).toEqual({ a: "x", c: null });
  });
});

describe("runTool", () => {
  const tool = createTool({
    name: "add",
    parameters: z.object({ x: z.number(), y: z.number().optional() }),
    run: ({ x, y }) => x + (y ?? 0),
  });

  it("validates arguments first, and sends failures back as error results", async () => {
    const call = (args: unknown) => runTool([tool], { id: "1", name: "add", arguments: args });
    expect(await call('{"x": 1, "y": null}')).toMatchObject({ content: "1", isError: false });
    expect(await call({ x: "one" })).toMatchObject({ isError: true });
    expect((await call("{x")).content).toContain("not valid JSON");
    expect((await runTool([tool], { id: "2", name: "nope", arguments: "{}" })).content).toContain(
      'no tool named "nope"',
    );
  });

  it("lets only ToolAbortError escape", async () => {
    const abort = createTool({
      name: "stop",
      parameters: z.object({}),
      run: () => {
        throw new ToolAbortError("enough");
      },
    });
    await expect(runTool([abort], { id: "1", name: "stop", arguments: "{}" })).rejects.toBeInstanceOf(
      ToolAbortError,
    );
  });
});

describe("ToolRunner", () => {
  it("runs the calls of one step in parallel, and sums usage over the steps", async () => {
    let started = 0;
    let release!: () => void;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    const slow = createTool({
      name: "slow",
      parameters: z.object({ n: z.number() }),
      run: async ({ n }) => {
        if (++started === 2) release();
        // Each waits for the other to start: run one after the other, this would never end.
        await bothStarted;
        return `done ${n}`;
      },
    });
    type Reply = { calls: number[]; usage: { tokens: number } };
    const replies: Reply[] = [
      { calls: [1, 2], usage: { tokens: 3 } },
      { calls: [], usage: { tokens: 4 } },
    ];
    const sent: unknown[][] = [];
    const runner = new ToolRunner<unknown[], Reply, unknown, unknown, Reply>(
      {
        operation: "test.runTools",
        request: (messages) => {
          sent.push(messages);
          return messages;
        },
        send: async () => replies.shift()!,
        toolCalls: (reply) => reply.calls.map((n) => ({ id: `c${n}`, name: "slow", arguments: { n } })),
        turn: (_, results) => results.map((result) => result.content),
        content: (reply) => (reply.calls.length ? null : "answer"),
        message: (reply) => reply,
        usage: (reply) => reply.usage,
      },
      [slow],
      ["question"],
      {},
    );
    expect(await runner.finalContent()).toBe("answer");
    expect(runner.messages).toEqual(["question", "done 1", "done 2"]);
    expect(sent[1]).toEqual(["question", "done 1", "done 2"]);
    expect(runner.totalUsage).toEqual({ tokens: 7 });
  });
});
