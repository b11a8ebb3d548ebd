/**
 * What can go wrong with a structured answer or a tool loop once the gateway has answered. None of
 * these is retried: each follows a paid call, and asking again costs again.
 */
import { GenwayError } from "../core/errors/index.js";
import type { OutputIssue } from "./schema.js";

/** The model declined to answer (a refusal, a safety stop or a blocked prompt). */
export class RefusalError extends GenwayError {
  static override name = "RefusalError";
  /** The refusal as the model wrote it (or the format's reason, such as a block reason). */
  readonly refusal: string;
  constructor(operation: string, refusal: string) {
    super(`${operation}: the model refused: ${refusal}`);
    this.refusal = refusal;
  }
}

/** The answer stopped at the output limit (`finish_reason: "length"` or the format's equivalent). */
export class OutputTruncatedError extends GenwayError {
  static override name = "OutputTruncatedError";
  /** The reason the format gave (`length`, `max_tokens`, `max_output_tokens`, `MAX_TOKENS`). */
  readonly reason: string;
  /** The text that arrived before the cut. */
  readonly raw: string;
  constructor(operation: string, reason: string, raw: string) {
    super(`${operation}: the answer was cut off at the output limit (${reason}); raise the token limit`);
    this.reason = reason;
    this.raw = raw;
  }
}

/** The answer is not JSON, or not JSON the schema accepts. */
export class OutputParseError extends GenwayError {
  static override name = "OutputParseError";
  /** The text the model wrote. */
  readonly raw: string;
  /** The validator's issues (empty when the text was not JSON at all). */
  readonly issues: readonly OutputIssue[];
  constructor(operation: string, raw: string, issues: readonly OutputIssue[], cause?: unknown) {
    const what = issues.length
      ? issues.map((issue) => `${pathOf(issue) || "(root)"}: ${issue.message}`).join("; ")
      : "not valid JSON";
    super(`${operation}: the answer does not match the schema: ${what}`, { cause });
    this.raw = raw;
    this.issues = issues;
  }
}

/** Thrown by a tool to end the whole tool loop (any other error is sent to the model as the result). */
export class ToolAbortError extends GenwayError {
  static override name = "ToolAbortError";
}

function pathOf(issue: OutputIssue): string {
  return (issue.path ?? [])
    .map((part) => String(typeof part === "object" && part !== null ? part.key : part))
    .join(".");
}
