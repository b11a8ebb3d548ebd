/**
 * The one way an id goes into a URL path. Every interpolated value becomes one percent-encoded
 * segment, and values that would change which resource the path names are refused before anything
 * is sent: `""` (`/v2/videos/generations/` is the collection, not a task), `.` and `..` (resolved
 * away by URL parsing), anything with a slash (a second segment) and a lone surrogate (no URL
 * can carry it). After openai-node's `path` tag.
 *
 * ```ts
 * path`/v2/videos/generations/${taskId}`
 * path`/musicgen/feed/${first},${second}` // each id encoded; the comma between them is the path's own
 * ```
 */
import { ValidationError } from "../errors/errors.js";

/** Half of a UTF-16 surrogate pair without its other half: encodeURIComponent throws a URIError on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function path(strings: TemplateStringsArray, ...values: unknown[]): string {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += segment(value, strings, index) + (strings[index + 1] ?? "");
  });
  return out;
}

function segment(value: unknown, strings: TemplateStringsArray, index: number): string {
  const text = typeof value === "string" ? value : undefined;
  const problem =
    text === undefined
      ? `must be a string, got ${value === null ? "null" : typeof value}`
      : text === ""
        ? "must not be empty"
        : text === "." || text === ".."
          ? `must not be "${text}"`
          : /[/\\]/.test(text)
            ? "must not contain a slash"
            : LONE_SURROGATE.test(text)
              ? "must be well-formed text (it holds half of a surrogate pair, which no URL can carry)"
              : undefined;
  if (problem === undefined) return encodeURIComponent(text as string);
  // The operation is named by its path template, e.g. "/v2/videos/generations/{id}".
  const template = strings.join("{id}");
  const field = strings.length > 2 ? `id ${index + 1}` : "id";
  throw new ValidationError(template, [{ path: field, rule: "path_segment", message: problem }]);
}
