/**
 * `import "genway"` loads no zod (docs/packaging.md, "zod"): the helpers read a schema's JSON Schema
 * from the schema itself (Standard JSON Schema: zod 4 classic, zod/mini's `z.toJSONSchema(schema)`,
 * valibot, arktype) or from the caller, and refuse a schema that carries none with the one step that
 * fixes it, at the helper, before anything is sent.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import {
  defineTool,
  type StructuredSchema,
  ValidationError,
  zodResponseFormat,
  zodSchema,
  zodTextFormat,
} from "../../src/index.js";
import { zodTheRefusalsName } from "../support/zod.js";

const ROOT = join(import.meta.dirname, "../..");

const ZOD_4 = zodTheRefusalsName();

/** The four helpers that read a schema, each given `schema`. */
const HELPERS: Record<string, (schema: StructuredSchema) => unknown> = {
  zodResponseFormat: (schema) => zodResponseFormat(schema, "answer"),
  zodTextFormat: (schema) => zodTextFormat(schema, "answer"),
  zodSchema: (schema) => zodSchema(schema),
  defineTool: (schema) => defineTool({ name: "lookup", parameters: schema, run: () => "ok" }),
};

/** The ValidationError each helper throws for `schema`, as one line per helper. */
function refusals(schema: unknown): string[] {
  return Object.entries(HELPERS).map(([name, helper]) => {
    try {
      helper(schema as StructuredSchema);
    } catch (error) {
      expect(error, name).toBeInstanceOf(ValidationError);
      return (error as Error).message;
    }
    throw new Error(`${name} accepted a schema without JSON Schema`);
  });
}

/** A validator in the Standard Schema shape, `extra` beside it (zod 3 and old zod 4 look like this). */
function validator(vendor: string, extra: object = {}): StructuredSchema {
  return { "~standard": { version: 1, vendor, validate: (value) => ({ value }) }, ...extra };
}

describe("the main entry and the chat entries load no zod", () => {
  it.each([
    "src/index.ts",
    "src/entries/chat.ts",
    "src/entries/chat-completions.ts",
    "src/entries/messages.ts",
    "src/entries/responses.ts",
    "src/entries/native.ts",
  ])("%s: no zod module in its whole module graph, dynamic imports included", async (entry) => {
    const { metafile } = await build({
      entryPoints: [join(ROOT, entry)],
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "neutral",
      outdir: join(ROOT, ".tmp", "no-zod"),
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.length).toBeGreaterThan(50);
    expect(inputs.filter((file) => file.includes("node_modules/zod/"))).toEqual([]);
  });
});

describe("a schema's JSON Schema comes from the schema", () => {
  it("zod 4 classic: its own (Standard JSON Schema), the input side, whatever helper reads it", () => {
    const format = zodResponseFormat(
      z.object({ city: z.string(), unit: z.enum(["c", "f"]).optional() }),
      "w",
    );
    expect(format.json_schema.schema).toEqual({
      type: "object",
      properties: {
        city: { type: "string" },
        unit: { anyOf: [{ type: "string", enum: ["c", "f"] }, { type: "null" }] },
      },
      required: ["city", "unit"],
      additionalProperties: false,
    });
  });

  it("zod/mini: z.toJSONSchema(schema, { io: 'input' }) is the schema the helpers take, and validates as the schema does", async () => {
    const mini = zm.object({ city: zm.string(), days: zm.number() });
    const given = zm.toJSONSchema(mini, { io: "input" });
    const tool = defineTool({
      name: "forecast",
      parameters: given,
      run: ({ city, days }) => `${city} ${days}`,
    });
    expect(tool.jsonSchema).toMatchObject({ type: "object", required: ["city", "days"] });
    const checked = await given["~standard"].validate({ city: "Oslo", days: "3" });
    expect(checked.issues?.[0]?.path).toEqual(["days"]);
  });

  it("a bare zod/mini schema is refused at the helper, naming z.toJSONSchema", () => {
    for (const message of refusals(zm.object({ city: zm.string() }))) {
      expect(message).toContain(
        'schema: a zod/mini schema carries no JSON Schema of its own: pass z.toJSONSchema(schema, { io: "input" }) from zod/mini in its place',
      );
    }
  });

  it("a zod 3 schema (vendor zod, no zod 4 internals) is refused, saying to install zod 4", () => {
    for (const message of refusals(validator("zod", { _def: { typeName: "ZodObject" } }))) {
      expect(message).toContain(
        `a zod 3 schema carries no JSON Schema: genway reads zod 4 schemas (npm install "${ZOD_4}")`,
      );
    }
  });

  it("a zod 4 schema from before Standard JSON Schema (zod 4.0, 4.1) is refused, saying to upgrade", () => {
    const old = validator("zod", { _zod: { version: { major: 4, minor: 1, patch: 12 } } });
    for (const message of refusals(old)) {
      expect(message).toContain(
        `zod 4.1.12 schemas carry no JSON Schema (zod 4.2 and later do): npm install "${ZOD_4}"`,
      );
    }
  });

  it("another validator without JSON Schema: pass it as jsonSchema, or use zod 4; given, it is used", () => {
    const isCity = validator("hand-written");
    for (const message of refusals(isCity)) {
      expect(message).toContain(
        `carries no JSON Schema of its own: pass it as the jsonSchema option, or use a zod 4 schema (npm install "${ZOD_4}")`,
      );
    }
    const jsonSchema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
    expect(zodSchema(isCity, { jsonSchema })).toBeTruthy();
  });

  it("what is no validator at all (a JSON Schema, undefined) is refused, not a TypeError", () => {
    for (const value of [{ type: "object" }, undefined, null]) {
      for (const message of refusals(value)) {
        expect(message).toContain(
          `schema: must be a zod 4 schema or a Standard Schema validator (npm install "${ZOD_4}")`,
        );
      }
    }
  });

  it(`names a zod (${ZOD_4}) that package.json's optional peer range admits, a range that also admits zod 3`, async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8"));
    expect(pkg.peerDependenciesMeta.zod).toEqual({ optional: true });
    const ranges: string[] = pkg.peerDependencies.zod.split(" || ");
    const version = (text: string) => text.replace(/^\D+/, "").split(".").map(Number);
    const named = version(ZOD_4);
    // ^A.B.C admits A.x.y from A.B.C on.
    const admits = (range: string) => {
      const floor = version(range);
      return (
        range.startsWith("^") &&
        named[0] === floor[0] &&
        named.join(".").localeCompare(floor.join("."), undefined, { numeric: true }) >= 0
      );
    };
    expect(ranges.filter(admits)).toHaveLength(1);
    expect(ranges.some((range) => range.startsWith("^3."))).toBe(true); // a project on zod 3 installs genway
  });
});
