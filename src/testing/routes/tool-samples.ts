/** Plausible tool-call arguments and deterministic JSON fragments, shared by the chat-format routes. */

interface PropertySchema {
  type?: string;
  enum?: unknown[];
}

/** Arguments a tool call would plausibly carry: each declared property gets a sample value. */
export function sampleArguments(parameters: unknown): Record<string, unknown> {
  const properties =
    (parameters as { properties?: Record<string, PropertySchema> } | undefined)?.properties ?? {};
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const type = String(schema?.type ?? "").toLowerCase();
    args[name] =
      schema?.enum?.[0] ??
      (type === "number" || type === "integer" ? 42 : type === "boolean" ? true : `sample ${name}`);
  }
  return args;
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
