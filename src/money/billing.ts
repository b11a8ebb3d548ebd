/**
 * The transport's billing, once a client asks for money (core/http/billing.ts is the seam): one
 * model's try of a billed call validated and built, its worst case reserved under the budgets,
 * sent, and its answer priced (a stream's at its end, from what it assembled or delivered); and
 * the calls that ran before the client asked, priced when their cost is read.
 */
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  BudgetExceededError,
  ValidationError,
} from "../core/errors/index.js";
import {
  type Answer,
  type Assembled,
  type Billing,
  isForm,
  isSettlesLater,
  jsonText,
  type ModelTry,
  neverSent,
  type Operation,
  type OperationMeter,
  type Priced,
  type RequestOptions,
  type RequestSpec,
  SETTLES_LATER,
  type StreamBill,
  specOf,
  type Units,
  wasNeverSent,
} from "../core/http/index.js";
import type { CallRecord } from "../core/http/middleware.js";
import { requestIdFrom, requestIdOf } from "../core/shared/request-id.js";
import { deliveredTokens, withDelivered } from "./delivered.js";
import type { Bill, Metering } from "./metering.js";
import { unitsOf } from "./worst-case.js";

/** What `withResponse().cost` of a stream says: its cost is known at its end. */
const STREAM_REASON = "a stream is priced when it ends: see stream.cost()";

/**
 * Whether a failed call was certainly not billed, so nothing it sent was created: never handed to
 * fetch (see neverSent in core/http/fallback.ts), refused before sending, or turned away with a
 * 4xx or a 503 (the relay refunds what it pre-charged when it fails a request: new-api
 * controller/relay.go lines 509-514, RelayTask's deferred `Billing.Refund`). An error inside a 200
 * body, a timeout, a connection lost after sending, another 5xx, a refused 307/308 or a middleware
 * that threw after `next()` may have been billed. The budget and genway/queue (which clears
 * `submitting` only then) share this one rule.
 */
export function certainlyNotBilled(error: unknown): boolean {
  if (wasNeverSent(error)) return true;
  if (error instanceof ValidationError || error instanceof BudgetExceededError) return true;
  if (error instanceof APITimeoutError) return false;
  if (error instanceof APIConnectionError) return error.notSent;
  if (!(error instanceof APIError) || error.status === undefined) return false;
  // A 4xx refuses the request before any work, and a 503 says no channel can take it (new-api's
  // maintenance and "no available channel"). Any other 5xx may come from a proxy in front of the
  // relay (a 502, a 504 after its own timeout) while the relay still takes and bills the request.
  return (error.status >= 400 && error.status < 500) || error.status === 503;
}

export class ClientBilling implements Billing {
  constructor(private readonly metering: Metering) {}

  async run<P, T>(attempt: ModelTry<P, T>): Promise<Answer<T>> {
    const { op, params, options, model, record } = attempt;
    const meter = op.meter as OperationMeter<P>;
    const { metering } = this;
    const spec = await attempt.build();
    // After validation: a malformed request is a ValidationError, not a budget refusal. A budget
    // prices the call before it is sent, so it waits for the client's first price load.
    const load = metering.prepare(options.budget);
    if (load) await load;
    const worst = worstCase(meter, params, spec, options);
    let bill: Bill;
    try {
      bill = metering.open(op.name, model, worst.units, options.budget);
    } catch (error) {
      throw neverSent(error);
    }
    let answer: Answer<T>;
    try {
      answer = await attempt.send(worst.spec(), (error) =>
        bill.retry(!certainlyNotBilled(error), requestIdOf(error), error),
      );
    } catch (error) {
      bill.fail(!certainlyNotBilled(error), requestIdOf(error));
      throw error;
    }
    // A call that ends while the client's first price load is in flight is priced by it.
    const loading = metering.loading;
    if (loading) await loading;
    const requestId = requestIdFrom(answer.response.headers);
    const { data } = answer;
    if (isSettlesLater(data)) {
      data[SETTLES_LATER](this.#streamBill(op, params, model, bill, worst.units, requestId, record));
      return { ...answer, requestId, cost: null, costReason: STREAM_REASON };
    }
    const units = unitsOf(meter, params, data);
    const priced = bill.settle(units, requestId);
    record?.finish({
      error: undefined,
      model,
      requestId,
      usage: units.usage,
      cost: priced.cost,
      costReason: priced.reason,
    });
    return { ...answer, requestId, cost: priced.cost, costReason: priced.reason };
  }

  /** A withResponse() read asks for the client's prices now (in parallel with the call), if none are loaded. */
  demand(): void {
    this.metering.demand();
  }

  async late<P>(op: Operation<P>, params: P, answer: Answer<unknown>): Promise<Priced> {
    const loading = this.metering.loading;
    if (loading) await loading;
    if (isSettlesLater(answer.data)) return { cost: null, reason: STREAM_REASON };
    const units = unitsOf(op.meter as OperationMeter<P>, params, answer.data);
    const requestId = answer.requestId ?? requestIdFrom(answer.response.headers);
    return this.metering.open(op.name, answer.model, noWorstCase).settle(units, requestId);
  }

  lateStream<P>(op: Operation<P>, params: P, answer: Answer<unknown>): StreamBill {
    // The request's JSON is not kept on the plain path: it is built again (no validation) to
    // bound the prompt of a stream whose usage never said it.
    const built = specOf(op, params, "off");
    const worst =
      built instanceof Promise
        ? (): Units => ({ model: answer.model, unpriced: "the request's body was read from a source" })
        : worstCase(op.meter as OperationMeter<P>, params, built, {}).units;
    const { model } = answer;
    const requestId = requestIdFrom(answer.response.headers);
    return this.#streamBill(op, params, model, this.metering.open(op.name, model, worst), worst, requestId);
  }

  /**
   * A billed stream's bill: priced from its live assembly whenever asked, settled once at its end.
   * A complete stream with its own usage bills that; any other bills what it delivered (its usage's
   * output raised to the tokens its deltas carried, or those tokens beside the prompt's bound).
   */
  #streamBill<P>(
    op: Operation<P>,
    params: P,
    model: string | undefined,
    bill: Bill,
    worst: () => Units,
    requestId: string | undefined,
    record?: CallRecord,
  ): StreamBill {
    const meter = op.meter as OperationMeter<P>;
    const used = (assembly: Assembled, complete: boolean): Units => {
      if (complete && assembly.usageFinal()) return unitsOf(meter, params, assembly.current());
      const tokens = deliveredTokens(assembly.delivered());
      const raised = assembly.atLeast(tokens);
      return raised === undefined ? withDelivered(worst(), tokens) : unitsOf(meter, params, raised);
    };
    return {
      price: (assembly, complete) => this.metering.priceUsed(used(assembly, complete)),
      end: (assembly, complete, error) => {
        const units = used(assembly, complete);
        const priced = bill.settle(units, requestId);
        record?.finish({
          error,
          model,
          requestId,
          usage: units.usage,
          cost: priced.cost,
          costReason: priced.reason,
        });
      },
    };
  }
}

/** A call priced after it ran has no reservation to make: no budget sized it. */
const noWorstCase = (): Units => ({ unpriced: "not sized" });

/**
 * A call's worst case, sized when a budget first asks for it: from the body as it will be sent,
 * serialized once. The spec then carries that text (`json`), and every attempt sends it: the
 * bytes priced are the bytes sent, and the prompt is never serialized a second time.
 */
function worstCase<P>(
  meter: OperationMeter<P>,
  params: P,
  spec: RequestSpec,
  options: RequestOptions,
): { units: () => Units; spec: () => RequestSpec } {
  let sized = spec;
  let units: Units | undefined;
  return {
    units: () => {
      if (units) return units;
      const json = isForm(spec.body) ? undefined : jsonText(spec, options);
      if (json !== undefined) sized = { ...spec, json };
      units = unitsOf(meter, params, undefined, json);
      return units;
    },
    spec: () => sized,
  };
}
