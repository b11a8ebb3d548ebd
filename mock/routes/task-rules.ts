/**
 * The bounds the gateway enforces on task submissions, as small tables per route; a broken one is
 * answered as a 221306 parameter error in the route's envelope. This is the server's side: clients
 * with validation off (or other SDKs) meet these.
 */
import type { MockContext } from "../context.js";

interface FieldRule {
  required?: boolean;
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  oneOf?: readonly unknown[];
  min?: number;
  max?: number;
  maxLength?: number;
}

export type Rules = Record<string, FieldRule>;

function problem(name: string, value: unknown, rule: FieldRule): string | undefined {
  if (value === undefined || value === null) return rule.required ? `${name} is required` : undefined;
  const type = rule.type;
  if (
    type === "array"
      ? !Array.isArray(value)
      : type === "integer"
        ? !Number.isInteger(value)
        : type && typeof value !== type
  ) {
    return `${name} must be ${type === "integer" ? "an integer" : `a ${type}`}`;
  }
  if (rule.required && Array.isArray(value) && value.length === 0) return `${name} must not be empty`;
  if (rule.oneOf && !rule.oneOf.includes(value)) return `${name} must be one of ${rule.oneOf.join(", ")}`;
  if (
    typeof value === "number" &&
    ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max))
  ) {
    return `${name} must be between ${rule.min ?? "-inf"} and ${rule.max ?? "inf"}`;
  }
  // Characters as the spec counts them: code points.
  if (rule.maxLength !== undefined && typeof value === "string" && [...value].length > rule.maxLength) {
    return `${name} must be at most ${rule.maxLength} characters`;
  }
  return undefined;
}

/** The first broken rule (`message` says how, `param` names the field), or undefined when the body passes. */
export function firstProblem(body: unknown, rules: Rules): { message: string; param?: string } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { message: "the body must be a JSON object" };
  }
  for (const [name, rule] of Object.entries(rules)) {
    const message = problem(name, (body as Record<string, unknown>)[name], rule);
    if (message) return { message, param: name };
  }
  return undefined;
}

/** The first broken rule as a 221306 error response, or undefined when the body passes. */
export function rejectBody(context: MockContext, rules: Rules): Response | undefined {
  const found = firstProblem(context.body, rules);
  return (
    found &&
    context.fail({
      status: 400,
      code: 221306,
      message: `Parameter error: ${found.message}`,
      ...(found.param === undefined ? {} : { param: found.param }),
    })
  );
}
