/** Plausible tool-call arguments and deterministic JSON fragments, shared by the chat-format routes. */

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Arguments a tool call would plausibly carry: each declared property gets a sample value. */
export function sampleArguments(parameters: unknown): Record<string, unknown> {
  const value = sampleValue(parameters);
  return isSchema(value) ? value : {};
}

/**
 * A value that satisfies a JSON Schema, the same every time for the same schema: every property
 * filled, the first enum value or non-null branch, `sample <name>` strings, 42 within the bounds,
 * true, one array item (or minItems). What the mock answers to structured-output requests.
 */
function sampleValue(schema: unknown, name = "value", root: unknown = schema, depth = 0): unknown {
  if (!isSchema(schema) || depth > 8) return null;
  if (typeof schema.$ref === "string")
    return sampleValue(resolveRef(schema.$ref, root), name, root, depth + 1);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
  if (branches) {
    const branch = branches.find((entry) => isSchema(entry) && entry.type !== "null") ?? branches[0];
    return sampleValue(branch, name, root, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = String(types.find((t) => t !== "null") ?? (schema.properties ? "object" : "")).toLowerCase();
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const properties = isSchema(schema.properties) ? schema.properties : {};
      for (const [key, property] of Object.entries(properties))
        out[key] = sampleValue(property, key, root, depth + 1);
      return out;
    }
    case "array": {
      const count = Math.max(1, Number(schema.minItems ?? 1));
      const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
      return Array.from({ length: Math.max(count, prefix.length) }, (_, i) =>
        sampleValue(prefix[i] ?? schema.items, name, root, depth + 1),
      );
    }
    case "number":
    case "integer": {
      const bound = (value: unknown, step: number) => (typeof value === "number" ? value + step : undefined);
      const low = bound(schema.minimum, 0) ?? bound(schema.exclusiveMinimum, 1) ?? -Infinity;
      const high = bound(schema.maximum, 0) ?? bound(schema.exclusiveMaximum, -1) ?? Infinity;
      return Math.min(Math.max(42, low), high);
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return sampleString(schema, name);
  }
}

function sampleString(schema: Schema, name: string): string {
  switch (schema.format) {
    case "date-time":
      return "2025-01-01T00:00:00Z";
    case "date":
      return "2025-01-01";
    case "email":
      return "sample@example.com";
    case "uri":
    case "url":
      return "https://example.com/sample";
    case "uuid":
      return "00000000-0000-4000-8000-000000000000";
  }
  const text = `sample ${name}`;
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  return text.padEnd(min, "x").slice(0, max);
}

function resolveRef(ref: string, root: unknown): unknown {
  let node = root;
  for (const part of ref.replace(/^#\/?/, "").split("/").filter(Boolean))
    node = isSchema(node) ? node[part] : undefined;
  return node;
}

/**
 * The answer to a structured-output request, steered by a marker in the prompt: `[refusal]` (the
 * model declines), `[truncated]` (the JSON stops halfway, at the output limit), `[invalid]` (JSON
 * that breaks the schema: an object with none of its properties). Otherwise JSON that satisfies it.
 */
export function structuredAnswer(
  schema: unknown,
  prompt: string,
): {
  text: string;
  value: unknown;
  refusal?: string;
  truncated?: boolean;
} {
  if (/\[refusal\]/i.test(prompt))
    return { text: "", value: undefined, refusal: "I'm sorry, I can't help with that." };
  const value = /\[invalid\]/i.test(prompt) ? {} : sampleValue(schema);
  const text = JSON.stringify(value);
  if (/\[truncated\]/i.test(prompt))
    return { text: text.slice(0, Math.ceil(text.length / 2)), value, truncated: true };
  return { text, value };
}

/** Splits text at awkward places (every `size` characters), as real streams split tool JSON. */
export function slices(text: string, size = 7): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** What the mock answers to multimodal input, so a test can see the parts arrived. */
export function describeMedia(images: number, videos: number): string {
  const seen = [
    images ? `${images} image${images === 1 ? "" : "s"}` : "",
    videos ? `${videos} video${videos === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return seen.length ? ` I looked at ${seen.join(" and ")}.` : "";
}

/** Models that answer chat with an image (image generation through chat, image-family-B compatible chat). */
export function isImageModel(model: string): boolean {
  return /image|banana|dall-e|flux|seedream|imagen|^img/i.test(model);
}
