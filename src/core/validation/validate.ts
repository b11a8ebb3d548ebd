/**
 * Client-side request checks. Schemas (zod/mini) describe every bound of the spec; a failure lists
 * every issue with its field path and the rule broken, before anything is sent.
 */
import type * as z from "zod/mini";
import { ValidationError, type ValidationIssue } from "../errors/errors.js";

/** `strict` checks every request against the spec's bounds before sending it; `off` sends it as it is. */
export type ValidationMode = "strict" | "off";

type RawIssue = z.core.$ZodIssue;

function describe(issue: RawIssue): string {
  const raw = issue as RawIssue & Record<string, unknown>;
  const bound = Number(raw.maximum ?? raw.minimum);
  const noun = raw.origin === "string" ? "character" : raw.origin === "array" ? "item" : "";
  const unit = noun ? ` ${noun}${bound === 1 ? "" : "s"}` : "";
  switch (issue.code) {
    case "too_big":
      return `must be ${raw.inclusive === false ? "less than" : "at most"} ${String(raw.maximum)}${unit}`;
    case "too_small":
      return `must be ${raw.inclusive === false ? "more than" : "at least"} ${String(raw.minimum)}${unit}`;
    case "invalid_value":
      return `must be one of ${(raw.values as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_type":
      return raw.input === undefined ? "is required" : `must be ${String(raw.expected)}`;
    case "not_multiple_of":
      return `must be a multiple of ${String(raw.divisor)}`;
    case "invalid_format":
      return `must be a valid ${String(raw.format)}`;
    case "unrecognized_keys":
      return `has unknown keys ${(raw.keys as string[]).join(", ")}`;
    case "invalid_union":
      return issue.message && issue.message !== "Invalid input"
        ? issue.message
        : "matches none of the allowed shapes";
    default:
      return issue.message;
  }
}

/** Flattens zod issues (descending into union branches that got furthest) into ours. */
function toIssues(issues: readonly RawIssue[], prefix: PropertyKey[] = []): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const branches = (issue as { errors?: RawIssue[][] }).errors;
    if (issue.code === "invalid_union" && branches?.length) {
      // Report the branch that got furthest into the value (deepest issue path), then the one with the
      // fewest problems: it is the shape the caller most likely meant.
      const depth = (branch: RawIssue[]) => Math.max(0, ...branch.map((i) => i.path.length));
      const best = [...branches].sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0] ?? [];
      if (best.length > 0) {
        out.push(...toIssues(best, path));
        continue;
      }
    }
    out.push({ path: path.map(String).join("."), rule: issue.code ?? "custom", message: describe(issue) });
  }
  return out;
}

/**
 * Checks `params` against `schema` and returns `params` itself (never the parsed copy), so unknown
 * fields the gateway added after our release pass through untouched.
 */
export function validate<T>(schema: z.ZodMiniType, params: T, operation: string, mode: ValidationMode): T {
  if (mode === "off") return params;
  // A valid request pays one parse and no issue bookkeeping; only a failure parses again, with
  // reportInput (zod/mini keeps the offending value only when asked, and the messages need it).
  if (schema.safeParse(params).success) return params;
  const result = schema.safeParse(params, { reportInput: true });
  if (!result.success) throw new ValidationError(operation, toIssues(result.error.issues));
  return params;
}
