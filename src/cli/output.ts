/** How the CLI prints: JSON for scripts, one clear line per error for people. */
import { APIError, isGenwayError, ValidationError } from "../index.js";

export function printJson(stream: NodeJS.WritableStream, value: unknown): void {
  stream.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** One line: what failed, the gateway code and the request id when there are some. */
export function errorLine(error: unknown): string {
  if (error instanceof ValidationError) {
    return `genway: invalid request: ${error.issues.map((i) => `${i.path || "(root)"} ${i.message}`).join("; ")}`;
  }
  if (error instanceof APIError) {
    const parts = [error.name];
    if (error.status !== undefined) parts.push(`HTTP ${error.status}`);
    if (error.code !== undefined) parts.push(`code ${error.code}`);
    if (error.requestId) parts.push(`request id ${error.requestId}`);
    return `genway: ${firstLine(error.message)} [${parts.join(", ")}]`;
  }
  if (isGenwayError(error)) return `genway: ${firstLine(error.message)} [${error.name}]`;
  return `genway: ${error instanceof Error ? firstLine(error.message) : String(error)}`;
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}
