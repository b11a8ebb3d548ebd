/**
 * Model fallback: `model: [primary, ...fallbacks]` (or the `fallback` request option) tries the next
 * model only after an error that proves the gateway did not bill the call: the request never left
 * (connection refused), a rate limit (429, 10011-10013), maintenance or no channel (503, 10020), or
 * a model the gateway does not serve (`model_not_found`). Anything else may have been billed, or
 * would fail the same way on every model, and is thrown as it is.
 */
import { APIConnectionError, APIError, APITimeoutError, ValidationError } from "../errors/errors.js";
import type { Logger } from "../shared/log.js";
import type { Operation } from "./operation.js";
import { isRetryable, type RetryPolicy } from "./retry.js";

/** A model, or a list of models to try in order (the first is the primary). */
export type ModelChoice<M extends string = string> = M | [M, ...M[]];

/** Per-call fallback options (part of RequestOptions). */
export interface FallbackOptions {
  /**
   * Models to try, in order, after the params' model fails with an error that is not billed.
   * @default none (or the rest of `model: [primary, ...fallbacks]`)
   */
  fallback?: readonly string[] | undefined;
  /**
   * Images, video and music submissions are paid and not idempotent: they fall back only when the
   * caller opts in here (and then only after the same not-billed errors).
   * @default false
   */
  paidFallback?: boolean | undefined;
}

const NOT_BILLED_CODES = new Set(["10011", "10012", "10013", "10020", "model_not_found"]);

/**
 * Whether `error` proves the gateway did not bill the call, so another model may be tried. Only an
 * HTTP error status counts (an error inside a 200 body may have been billed), and a paid submission
 * falls back only where its retry policy would repeat it (the gateway turned it away before work).
 */
function fallsBack(error: unknown, policy: RetryPolicy): boolean {
  if (policy === "paid" && !isRetryable(error, "paid")) return false;
  if (error instanceof APITimeoutError) return false;
  if (error instanceof APIConnectionError) return error.notSent;
  if (!(error instanceof APIError) || error.status === undefined || error.status < 400) return false;
  if (error.code !== undefined && NOT_BILLED_CODES.has(String(error.code))) return true;
  // Anthropic-format relays name an unknown model in a 404 not_found_error ("model: x").
  if (error.status === 404 && error.type === "not_found_error" && /\bmodel\b/i.test(error.message))
    return true;
  return error.status === 429 || error.status === 503;
}

/**
 * The models to try for this call, or undefined when there is only one. An empty list, a model that
 * is not a string, or a fallback on a paid operation without `paidFallback` is a ValidationError.
 */
export function modelChoices<P>(
  op: Operation<P>,
  params: P,
  options: FallbackOptions,
): readonly string[] | undefined {
  const field = op.modelField ?? "model";
  const given = (params as Record<string, unknown> | undefined)?.[field];
  const extra = options.fallback;
  if (!Array.isArray(given) && (extra === undefined || extra.length === 0)) return undefined;
  const choices = [...(Array.isArray(given) ? given : [given]), ...(extra ?? [])];
  const issue = (message: string) =>
    new ValidationError(op.name, [{ path: field, rule: "fallback", message }]);
  if (choices.length === 0 || choices.some((m) => typeof m !== "string" || m === "")) {
    throw issue("a fallback list needs one or more non-empty model ids");
  }
  if (op.policy === "paid" && options.paidFallback !== true) {
    throw issue(
      "is a paid submission: falling back to another model is refused unless you pass paidFallback: true for this call",
    );
  }
  return choices as string[];
}

/** `params` with its model field set to `model` (the caller's object is never changed). */
export function withModel<P>(op: Operation<P>, params: P, model: string): P {
  return { ...params, [op.modelField ?? "model"]: model };
}

/**
 * Runs a call over its models in turn (`choices`, from {@link modelChoices}): each `attempt` gets
 * the params with its model and, but for the last, `handOver`: an error that a later model would
 * take goes to it at once rather than being retried on this one. The next model is tried only
 * after an error that {@link fallsBack}; its warning names both models.
 */
export async function fallBack<P, T>(
  op: Operation<P>,
  params: P,
  choices: readonly string[],
  log: Logger,
  attempt: (params: P, handOver: ((error: unknown) => boolean) | undefined) => Promise<T>,
): Promise<T> {
  const handOver = (error: unknown) => fallsBack(error, op.policy);
  for (let i = 0; ; i++) {
    const last = i + 1 >= choices.length;
    try {
      return await attempt(withModel(op, params, choices[i]!), last ? undefined : handOver);
    } catch (error) {
      if (last || !fallsBack(error, op.policy)) throw error;
      log.warn(
        `${op.name}: model ${choices[i]} failed (${error instanceof Error ? error.message : String(error)}); falling back to ${choices[i + 1]}`,
      );
    }
  }
}
