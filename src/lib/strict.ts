/**
 * Each format's rules for the JSON Schema of a structured answer, applied before anything is sent.
 * OpenAI's strict mode (chat completions and Responses): every property required,
 * `additionalProperties: false`, an optional property becomes nullable, the root is an object.
 * Anthropic tool input: the root is an object. Gemini's responseJsonSchema: a subset of JSON Schema.
 * A keyword the format cannot express is a ValidationError naming where it is.
 */
import { ValidationError, type ValidationIssue } from "../core/errors/index.js";
import type { JSONSchema } from "./schema.js";

/** The JSON Schema dialect a format accepts for structured output. */
export type SchemaDialect = "openai-strict" | "anthropic-tool" | "gemini";

/** Keywords each dialect refuses (from each upstream's structured-output documentation). */
const UNSUPPORTED: Record<SchemaDialect, readonly string[]> = {
  "openai-strict": [
    "allOf",
    "not",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "patternProperties",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contains",
    "minProperties",
    "maxProperties",
    "uniqueItems",
  ],
  "anthropic-tool": [],
  gemini: ["not", "if", "then", "else", "dependentRequired", "dependentSchemas", "patternProperties"],
};

const isObject = (value: unknown): value is JSONSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Keywords whose value is a schema, a list of schemas, or a map of schemas. */
const ONE = ["items", "additionalProperties", "not", "if", "then", "else", "contains"];
const LIST = ["anyOf", "oneOf", "allOf", "prefixItems"];
const MAP = ["properties", "$defs", "definitions", "patternProperties", "dependentSchemas"];

/**
 * The schema rewritten for the format (a copy), or a ValidationError listing every keyword the
 * format cannot express.
 */
export function forFormat(schema: JSONSchema, dialect: SchemaDialect, operation: string): JSONSchema {
  const { $schema: _, ...root } = structuredClone(schema);
  const issues: ValidationIssue[] = [];
  const refuse = (path: string, message: string) => issues.push({ path, rule: dialect, message });
  if (dialect !== "gemini" && root.type !== "object") {
    refuse("schema", 'must describe an object at its root (type: "object")');
  }
  walk(root, "schema", dialect, refuse);
  if (issues.length) throw new ValidationError(operation, issues);
  return root;
}

function walk(
  node: JSONSchema,
  at: string,
  dialect: SchemaDialect,
  refuse: (path: string, message: string) => void,
): void {
  for (const keyword of UNSUPPORTED[dialect]) {
    if (keyword in node) refuse(`${at}.${keyword}`, `is not supported by this format's structured output`);
  }
  if (dialect === "openai-strict" && (node.type === "object" || isObject(node.properties)))
    strictObject(node, at, refuse);
  for (const key of ONE)
    if (isObject(node[key])) walk(node[key] as JSONSchema, `${at}.${key}`, dialect, refuse);
  for (const key of LIST) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    for (const [i, entry] of list.entries()) {
      if (isObject(entry)) walk(entry, `${at}.${key}[${i}]`, dialect, refuse);
    }
  }
  for (const key of MAP) {
    const map = node[key];
    if (!isObject(map)) continue;
    for (const [name, entry] of Object.entries(map)) {
      if (isObject(entry)) walk(entry, `${at}.${key}.${name}`, dialect, refuse);
    }
  }
}

/** OpenAI strict mode: every property required, optional ones nullable, no other properties. */
function strictObject(node: JSONSchema, at: string, refuse: (path: string, message: string) => void): void {
  const properties = (isObject(node.properties) ? node.properties : {}) as Record<string, JSONSchema>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  for (const [name, property] of Object.entries(properties)) {
    if (!required.has(name) && !allowsNull(property))
      properties[name] = { anyOf: [property, { type: "null" }] };
  }
  node.properties = properties;
  node.required = Object.keys(properties);
  const extra = node.additionalProperties;
  if (extra !== undefined && extra !== false) {
    refuse(
      `${at}.additionalProperties`,
      "must be false in strict mode (records and loose objects cannot be expressed)",
    );
  }
  node.additionalProperties = false;
}

function allowsNull(schema: JSONSchema): boolean {
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  return ["anyOf", "oneOf"].some(
    (key) =>
      Array.isArray(schema[key]) && (schema[key] as unknown[]).some((s) => isObject(s) && allowsNull(s)),
  );
}

/**
 * Strict mode makes an optional property nullable, so the model writes `null` where the schema
 * meant "absent". Before the caller's validator sees the value, those nulls are removed again,
 * reading the schema as the caller wrote it (where null was not allowed).
 */
export function dropNullOptionals(value: unknown, schema: JSONSchema, root: JSONSchema = schema): unknown {
  const node = resolve(schema, root);
  if (Array.isArray(value)) {
    const items = node.items;
    return isObject(items) ? value.map((entry) => dropNullOptionals(entry, items, root)) : value;
  }
  if (!isObject(value)) return value;
  for (const branch of [...asList(node.anyOf), ...asList(node.oneOf)]) {
    if (isObject(branch) && resolve(branch, root).properties) return dropNullOptionals(value, branch, root);
  }
  if (!isObject(node.properties)) return value;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const out: Record<string, unknown> = { ...value };
  for (const [name, property] of Object.entries(node.properties as Record<string, JSONSchema>)) {
    if (!(name in out)) continue;
    if (out[name] === null && !required.has(name) && !allowsNull(resolve(property, root))) delete out[name];
    else out[name] = dropNullOptionals(out[name], property, root);
  }
  return out;
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Follows a local `$ref` (`#/$defs/x`, `#/definitions/x`, `#`), the only kind zod writes. */
function resolve(schema: JSONSchema, root: JSONSchema): JSONSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#")) return schema;
  let node: unknown = root;
  for (const part of ref.slice(2).split("/").filter(Boolean)) node = isObject(node) ? node[part] : undefined;
  return isObject(node) ? node : schema;
}
