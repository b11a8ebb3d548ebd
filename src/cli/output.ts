/**
 * How the CLI prints: every line through {@link print}, which escapes the control characters of
 * gateway text; JSON for scripts, one clear line per error for people.
 */
import { APIError, isGenwayError, PricingError, TaskFailedError, ValidationError } from "../index.js";
import { InputError } from "./args.js";

/**
 * C0 controls but tab and line feed, DEL, the C1 set (U+009B is a one-character CSI to some
 * terminals) and the Unicode bidi embeddings, overrides and isolates (they reorder what follows).
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` as a terminal may show it: control characters written as `\u001b` escapes, line breaks
 * and tabs kept. What the gateway sends (model ids, answers, error messages, failure reasons, URLs)
 * cannot retitle or clear the terminal, recolour what follows or move the cursor to fake a line.
 * In JSON the escape stands for the same character, so printed JSON stays the same JSON.
 */
export function terminalText(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Writes `text` to `stream` as a terminal may show it: what the CLI prints goes through here.
 * Nothing is written once the reader has closed the stream (see {@link quietOnClosedPipe}).
 */
export function print(stream: NodeJS.WritableStream, text: string): void {
  if (stream.writable) stream.write(terminalText(text));
}

/**
 * A reader that closes the pipe early (`genway models | head -2`) ends the output, not the command:
 * its EPIPE is no crash with a stack, what is left to print is dropped, and the command ends as it
 * would have, with its usual exit status (a paid submission still reports its task id on stderr).
 * Any other error of the stream stays unhandled, as before.
 */
export function quietOnClosedPipe(stream: NodeJS.WritableStream): void {
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") return;
    stream.off("error", onError);
    stream.emit("error", error);
  };
  stream.on("error", onError);
}

export function printJson(stream: NodeJS.WritableStream, value: unknown): void {
  print(stream, `${JSON.stringify(value, null, 2)}\n`);
}

/** Exit 2: the input was wrong and nothing was sent. Exit 1: the gateway or the task failed. */
export function isInputError(error: unknown): boolean {
  return error instanceof InputError || error instanceof ValidationError || error instanceof PricingError;
}

/**
 * One line, in CLI terms: a ValidationError's field paths become the flags that set them
 * (`fields`, e.g. "n" -> "--n"; an unlisted field came from --body), and an API error carries the
 * gateway's code and request id (the id once: in the gateway's words when they name it).
 */
export function errorLine(error: unknown, command = "genway", fields: Record<string, string> = {}): string {
  return `${command}: ${describeError(error, fields)}`;
}

/** {@link errorLine} without the command's name: what went wrong, in CLI terms. */
export function describeError(error: unknown, fields: Record<string, string> = {}): string {
  if (error instanceof ValidationError) {
    const issues = error.issues.map((issue) => {
      const [first = "", ...rest] = issue.path.split(".");
      const flag = fields[first];
      const where = flag
        ? `${flag}${rest.length ? ` (${rest.join(".")})` : ""}`
        : issue.path
          ? `--body field ${issue.path}`
          : "the request";
      return `${where}: ${issue.message}`;
    });
    return issues.join("; ");
  }
  if (error instanceof InputError) return error.message;
  if (error instanceof APIError) {
    const line = firstLine(error.message);
    const parts = [error.name];
    if (error.status !== undefined) parts.push(`HTTP ${error.status}`);
    if (error.code !== undefined) parts.push(`code ${error.code}`);
    // The relay's own words often end in "(request id: …)" already: the id is named once.
    if (error.requestId && !line.includes(error.requestId)) parts.push(`request id ${error.requestId}`);
    return `${line} [${parts.join(", ")}]`;
  }
  if (error instanceof TaskFailedError) {
    const why = error.reason ? `: ${firstLine(error.reason)}` : "; the gateway gave no reason";
    return `${error.task.kind} task ${error.task.id} failed${why} [TaskFailedError]`;
  }
  if (isGenwayError(error)) return `${firstLine(error.message)} [${error.name}]`;
  return error instanceof Error ? firstLine(error.message) : String(error);
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}
