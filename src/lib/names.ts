/**
 * The names tools and structured answers go out under, checked before anything is sent (a bad one
 * would only fail at the gateway, after the request was built and maybe queued behind others).
 * The rule is the formats': OpenAI function and json_schema names (chat completions, Responses)
 * and Anthropic tool names (Messages) are 1 to 64 letters, digits, `_` and `-`
 * (`^[a-zA-Z0-9_-]{1,64}$`); Gemini's function declarations (native) also start with a letter or `_`.
 */
import { ValidationError } from "../core/errors/index.js";

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const NATIVE_NAME = /^[a-zA-Z_]/;

function refuse(operation: string, path: string, name: unknown, rule: string): never {
  const got =
    typeof name === "string"
      ? JSON.stringify(name.length > 70 ? `${name.slice(0, 70)}...` : name)
      : typeof name;
  throw new ValidationError(operation, [{ path, rule: "name", message: `${rule}, got ${got}` }]);
}

/** A tool's or answer's name as chat completions, Responses and Messages take it; else a ValidationError. */
export function checkName(name: unknown, operation: string, path = "name"): void {
  if (typeof name !== "string" || !NAME.test(name))
    refuse(operation, path, name, 'must be 1 to 64 letters, digits, "_" or "-"');
}

/** A function declaration's name as the native format takes it (also starting with a letter or `_`). */
export function checkNativeName(name: string, operation: string, path: string): void {
  checkName(name, operation, path);
  if (!NATIVE_NAME.test(name))
    refuse(operation, path, name, 'must start with a letter or "_" in the native format');
}
