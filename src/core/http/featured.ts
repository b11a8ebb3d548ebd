/**
 * A call that uses a feature: a fallback list (`model: [primary, ...]` or the `fallback` option,
 * fallback.ts), its own budget, or a client's middleware (every call recorded for the chain,
 * middleware.ts). A plain call never comes here: the transport sends it to its try at once.
 */

import { wasNeverSent } from "../errors/never-sent.js";
import type { Logger } from "../shared/log.js";
import type { Answer } from "./api-promise.js";
import type { Reader } from "./attempts.js";
import type { BilledCalls, Try } from "./billing.js";
import { fallBack, modelChoices } from "./fallback.js";
import { CallRecord, type Middleware } from "./middleware.js";
import { modelOf, type Operation } from "./operation.js";
import type { RequestOptions } from "./request-options.js";

/** What a featured call uses of its transport. */
export interface Features {
  /** The client's middleware, when it has any: the call is recorded for it. */
  chain: readonly Middleware[] | undefined;
  log: Logger;
  /** The transport's billed calls, when its client has money. */
  billed: BilledCalls | undefined;
  /** One model's try: plain, or metered once the client asked for money. */
  try: Try;
}

/**
 * Runs a call's models in turn (a fallback list), each validated, billed (the budget reserved) and
 * sent under the retry policy, recorded for middleware. Everything that throws before sending
 * rejects the promise with nothing sent.
 */
export async function featured<P, T>(
  features: Features,
  op: Operation<P>,
  params: P,
  options: RequestOptions,
  stream: boolean,
  read: Reader<T>,
): Promise<Answer<T>> {
  const { chain, log, billed } = features;
  const choices = modelChoices(op, params, options);
  const record = chain && new CallRecord(op.name, choices ? choices[0] : modelOf(op, params), stream);
  try {
    // A call's own budget prices it before sending: the client asks for money.
    if (op.meter && billed && options.budget !== undefined) await billed.ask();
    const attempt = features.try;
    if (!choices) return await attempt(op, params, options, read, { record, handOver: undefined });
    return await fallBack(op, params, choices, log, (tried, handOver) =>
      attempt(op, tried, options, read, { record, handOver }),
    );
  } catch (error) {
    record?.failed(error, wasNeverSent(error) ? "the call was never sent" : "the call failed");
    throw error;
  }
}
