/** One schema, four formats: the same validated object, partially and finally, and the same typed errors. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  defineTool,
  type Genway,
  nativeTools,
  OutputParseError,
  OutputTruncatedError,
  RefusalError,
  ValidationError,
  zodResponseFormat,
  zodSchema,
  zodTextFormat,
} from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";
import { Recipe, RecipeMini, sampleRecipe } from "./schema.js";

type Schema = typeof Recipe | typeof RecipeMini;

interface Format {
  name: string;
  parse(gw: Genway, prompt: string, schema: Schema): Promise<unknown>;
  stream(
    gw: Genway,
    prompt: string,
    schema: Schema,
  ): Promise<{ partialObjects(): AsyncIterable<unknown>; finalParsed(): Promise<unknown> }>;
  truncated: string;
  wire(body: any): unknown;
}

const user = (content: string) => [{ role: "user" as const, content }];

const formats: Format[] = [
  {
    name: "chat",
    parse: async (gw, prompt, schema) =>
      (
        await gw.chat.completions.parse({
          model: "gpt-4o",
          messages: user(prompt),
          response_format: zodResponseFormat(schema, "recipe"),
        })
      ).choices[0]!.message.parsed,
    stream: (gw, prompt, schema) =>
      gw.chat.completions.parse({
        model: "gpt-4o",
        messages: user(prompt),
        response_format: zodResponseFormat(schema, "recipe"),
        stream: true,
      }),
    truncated: "length",
    wire: (body) => body.response_format.json_schema.schema,
  },
  {
    name: "responses",
    parse: async (gw, prompt, schema) =>
      (
        await gw.responses.parse({
          model: "gpt-5",
          input: prompt,
          text: { format: zodTextFormat(schema, "recipe") },
        })
      ).output_parsed,
    stream: (gw, prompt, schema) =>
      gw.responses.parse({
        model: "gpt-5",
        input: prompt,
        text: { format: zodTextFormat(schema, "recipe") },
        stream: true,
      }),
    truncated: "max_output_tokens",
    wire: (body) => body.text.format.schema,
  },
  {
    name: "messages",
    parse: async (gw, prompt, schema) =>
      (
        await gw.messages.parse({
          model: "claude-sonnet-4-5",
          max_tokens: 1024,
          messages: user(prompt),
          schema: zodSchema(schema),
        })
      ).parsed,
    stream: (gw, prompt, schema) =>
      gw.messages.parse({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: user(prompt),
        schema: zodSchema(schema),
        stream: true,
      }),
    truncated: "max_tokens",
    wire: (body) => {
      expect(body.tool_choice).toEqual({ type: "tool", name: "json_output" });
      return body.tools[0].input_schema;
    },
  },
  {
    name: "native",
    parse: async (gw, prompt, schema) =>
      (
        await gw.native.parse({
          model: "gemini-2.5-flash",
          contents: [{ role: "user", parts: [{ text: prompt }] }],
          schema: zodSchema(schema),
        })
      ).parsed,
    stream: (gw, prompt, schema) =>
      gw.native.parse({
        model: "gemini-2.5-flash",
        contents: [{ role: "user", parts: [{ text: prompt }] }],
        schema: zodSchema(schema),
        stream: true,
      }),
    truncated: "MAX_TOKENS",
    wire: (body) => {
      expect(body.generationConfig.responseMimeType).toBe("application/json");
      return body.generationConfig.responseJsonSchema;
    },
  },
];

describe.each(formats)("$name parse", (format) => {
  it.each([
    ["zod", Recipe],
    ["zod/mini", RecipeMini],
  ] as const)(
    "yields the validated object from a %s schema, and sends its JSON Schema",
    async (_, schema) => {
      const { gw, mock } = await loopback();
      expect(await format.parse(gw, "A recipe", schema)).toEqual(sampleRecipe);
      const sent = format.wire(mock.requests.at(-1)!.body) as any;
      expect(sent.type).toBe("object");
      expect(Object.keys(sent.properties)).toEqual(["title", "servings", "vegetarian", "steps", "note"]);
    },
  );

  it.each([
    ["zod", Recipe],
    ["zod/mini", RecipeMini],
  ] as const)("streams partial objects that grow into the validated one (%s)", async (_, schema) => {
    const { gw } = await loopback();
    const stream = await format.stream(gw, "A recipe", schema);
    const partials: any[] = [];
    for await (const partial of stream.partialObjects()) partials.push(partial);
    expect(partials.length).toBeGreaterThan(3);
    expect(partials.at(-1)).toEqual(sampleRecipe);
    // Each snapshot is a prefix of the next: keys only ever appear.
    for (const [i, partial] of partials.slice(1).entries()) {
      expect(Object.keys(partial).length).toBeGreaterThanOrEqual(Object.keys(partials[i]).length);
    }
    expect(await stream.finalParsed()).toEqual(sampleRecipe);
  });

  it.each([false, true])(
    "gives RefusalError, OutputTruncatedError and OutputParseError (stream: %s)",
    async (streamed) => {
      const { gw, mock } = await loopback();
      const run = async (prompt: string) =>
        streamed ? (await format.stream(gw, prompt, Recipe)).finalParsed() : format.parse(gw, prompt, Recipe);
      const refusal = await thrown(() => run("[refusal] A recipe"));
      expect(refusal).toBeInstanceOf(RefusalError);
      expect(refusal.refusal).toBeTruthy();
      const cut = await thrown(() => run("[truncated] A recipe"));
      expect(cut).toBeInstanceOf(OutputTruncatedError);
      expect(cut.reason).toBe(format.truncated);
      const broken = await thrown(() => run("[invalid] A recipe"));
      expect(broken).toBeInstanceOf(OutputParseError);
      expect(broken.raw).toBe("{}");
      expect(broken.issues.length).toBe(4);
      expect(mock.requests).toHaveLength(3);
    },
  );
});

describe("schemas a format cannot express", () => {
  it("are refused before sending, naming the keyword", async () => {
    const { gw, mock } = await loopback();
    const error = await thrown(() =>
      gw.messages.parse({
        model: "claude-sonnet-4-5",
        max_tokens: 100,
        messages: user("hi"),
        schema: zodSchema(z.array(z.string())),
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain("object at its root");
    const not = await thrown(() =>
      gw.native.parse({
        model: "gemini-2.5-flash",
        contents: [{ parts: [{ text: "hi" }] }],
        schema: zodSchema(z.object({ a: z.string() }), {
          jsonSchema: { type: "object", not: { required: ["a"] } },
        }),
      }),
    );
    expect(not.message).toContain("schema.not: is not supported");
    expect(mock.requests).toHaveLength(0);
  });

  it("refuses, before sending, what JSON Schema cannot express (a zod date)", () => {
    const error = (() => {
      try {
        zodSchema(z.object({ when: z.date() }));
      } catch (caught) {
        return caught as ValidationError;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.message).toContain("cannot be written as JSON Schema");
  });

  it("refuses a schema that did not come from zodSchema, before sending", async () => {
    const { gw, mock } = await loopback();
    const error = await thrown(() =>
      gw.messages.parse({
        model: "claude-sonnet-4-5",
        max_tokens: 100,
        messages: user("hi"),
        schema: RecipeMini as any,
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain("schema: must come from zodSchema(schema)");
    expect(mock.requests).toHaveLength(0);
  });

  it("accepts a Standard Schema validator with a JSON Schema given beside it", async () => {
    const { gw } = await loopback();
    const isCity = {
      "~standard": {
        version: 1 as const,
        vendor: "hand-written",
        validate: (value: unknown) =>
          typeof (value as { city?: unknown })?.city === "string"
            ? { value: value as { city: string } }
            : { issues: [{ message: "city must be a string", path: ["city"] }] },
      },
    };
    const response = await gw.native.parse({
      model: "gemini-2.5-flash",
      contents: [{ parts: [{ text: "a city" }] }],
      schema: zodSchema(isCity, {
        jsonSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      }),
    });
    expect(response.parsed).toEqual({ city: "sample city" });
  });
});

describe("what the helpers carry", () => {
  it("never reaches the wire: the body holds only the format's own fields", async () => {
    const { gw, mock } = await loopback();
    const format = zodResponseFormat(RecipeMini, "recipe");
    expect(Object.keys(format)).toEqual(["type", "json_schema"]);
    expect(JSON.parse(JSON.stringify(format))).toEqual({
      type: format.type,
      json_schema: format.json_schema,
    });
    await gw.chat.completions.parse({ model: "gpt-4o", messages: user("A recipe"), response_format: format });
    expect(Object.keys((mock.requests[0]!.body as any).response_format)).toEqual(["type", "json_schema"]);
    await gw.messages.parse({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      messages: user("A recipe"),
      schema: zodSchema(RecipeMini, { name: "recipe", description: "One recipe" }),
    });
    const body = mock.requests[1]!.body as any;
    expect(body.schema).toBeUndefined();
    expect(body.tools).toEqual([
      {
        name: "recipe",
        description: "One recipe",
        input_schema: expect.objectContaining({ type: "object" }),
      },
    ]);
    expect(body.tool_choice).toEqual({ type: "tool", name: "recipe" });
  });

  it("is the one way in: a response format made by hand is refused before sending", async () => {
    const { gw, mock } = await loopback();
    const error = await thrown(() =>
      gw.responses.parse({
        model: "gpt-5",
        input: "hi",
        text: { format: { type: "json_schema", name: "x", schema: {} } as any },
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain("text.format: must come from zodTextFormat(schema, name)");
    expect(mock.requests).toHaveLength(0);
  });
});

describe("D29: tool and answer names are checked before sending", () => {
  const S = z.object({ a: z.string() });
  const refused = (make: () => unknown) => {
    try {
      make();
    } catch (error) {
      return error as ValidationError;
    }
    throw new Error("accepted");
  };

  it.each(["my recipe!", "", "x".repeat(65), "héllo", "a.b"])(
    "D29: %j is refused by defineTool, zodSchema, zodResponseFormat and zodTextFormat",
    (name) => {
      for (const [helper, make] of [
        ["defineTool", () => defineTool({ name, parameters: S, run: () => "" })],
        ["zodSchema", () => zodSchema(S, { name })],
        ["zodResponseFormat", () => zodResponseFormat(S, name)],
        ["zodTextFormat", () => zodTextFormat(S, name)],
      ] as const) {
        const error = refused(make);
        expect(error).toBeInstanceOf(ValidationError);
        expect(error.message).toMatch(
          new RegExp(`^Invalid ${helper} request: name: must be 1 to 64 letters, digits, "_" or "-", got `),
        );
      }
    },
  );

  it("accepts the edges of the rule: 64 characters, digits first, _ and -", () => {
    for (const name of ["x".repeat(64), "1st-tool", "__proto__", "get_weather"]) {
      expect(defineTool({ name, parameters: S, run: () => "" }).name).toBe(name);
      expect(zodResponseFormat(S, name).json_schema.name).toBe(name);
    }
  });

  it("D29: nativeTools refuses a name that does not start with a letter or _", () => {
    const tool = defineTool({ name: "1st", parameters: S, run: () => "" });
    const error = refused(() => nativeTools([tool]));
    expect(error.message).toBe(
      'Invalid nativeTools request: tools.0.name: must start with a letter or "_" in the native format, got "1st"',
    );
  });

  it("D29: two tools of one name are refused by runTools, and a tool named like the answer by messages.parse", async () => {
    const { gw, mock } = await loopback();
    const a = defineTool({ name: "lookup", parameters: S, run: () => "a" });
    const b = defineTool({ name: "lookup", parameters: S, run: () => "b" });
    const twice = refused(() =>
      gw.chat.completions.runTools({
        model: "gpt-4o",
        messages: [{ role: "user", content: "x" }],
        tools: [a, b],
      }),
    );
    expect(twice.message).toBe(
      'Invalid chat.completions.runTools request: tools: has two tools named "lookup"',
    );
    const clash = await thrown(() =>
      gw.messages.parse({
        model: "claude-sonnet-4-5",
        max_tokens: 9,
        messages: [{ role: "user", content: "x" }],
        tools: [{ name: "json_output", input_schema: { type: "object" } }],
        schema: zodSchema(S),
      }),
    );
    expect(clash).toBeInstanceOf(ValidationError);
    expect(clash.issues[0].path).toBe("tools");
    expect(mock.requests).toHaveLength(0);
  });
});
