/**
 * The transport's billing, once a client asks for money or reads a cost (core/http/billing.ts is
 * the seam): one model's try of a metered call validated and built, its worst case reserved under
 * the budgets, sent, and its answer priced and counted (a stream's at its end, from what it
 * assembled or delivered); and the prices of what any call used, read when asked.
 */
import {
  type Answer,
  type Assembled,
  type Billing,
  certainlyNotBilled,
  isForm,
  isSettlesLater,
  jsonText,
  type ModelTry,
  meteredParams,
  neverSent,
  type OperationMeter,
  type Priced,
  type RequestOptions,
  type RequestSpec,
  SETTLES_LATER,
  STREAM_FIX,
  STREAM_REASON,
  type StreamBill,
  streamUnits,
  type Units,
  unitsOf,
  withFix,
} from "../core/http/index.js";
import type { CallRecord } from "../core/http/middleware.js";
import { requestIdFrom, requestIdOf } from "../core/shared/request-id.js";
import type { Bill, Metering } from "./metering.js";

/** genway/queue reads the rule here: a submission certainly not billed needs no check. */
export { certainlyNotBilled };

export class ClientBilling implements Billing {
  constructor(private readonly metering: Metering) {}

  async run<P, T>(attempt: ModelTry<P, T>): Promise<Answer<T>> {
    const { op, options, model, record } = attempt;
    const meter = op.meter as OperationMeter<P>;
    const { metering } = this;
    const spec = await attempt.build();
    // Billed by the body as it is sent: extra_body merged over the params (units.ts).
    const params = meteredParams(op, attempt.params, options);
    // After validation: a malformed request is a ValidationError, not a budget refusal. A budget
    // prices the call before it is sent, so it waits for the client's prices.
    const load = metering.prepare(options.budget, record);
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
    // A call that ends while the client's prices are being loaded is priced by them.
    const loading = metering.loading;
    if (loading) await loading;
    const requestId = requestIdFrom(answer.response.headers);
    const { data } = answer;
    if (isSettlesLater(data)) {
      data[SETTLES_LATER](this.#streamBill(meter, params, model, bill, worst.units, requestId, record));
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

  price(units: Units): Priced {
    return this.metering.priceUsed(units);
  }

  async priceLoaded(units: Units): Promise<Priced> {
    await this.metering.ready();
    return this.metering.priceUsed(units);
  }

  demand(): void {
    this.metering.demand();
  }

  /**
   * A metered stream's bill: priced from its live assembly whenever asked, settled once at its end
   * with what it used (core/http/delivered.ts: streamUnits).
   */
  #streamBill<P>(
    meter: OperationMeter<P>,
    params: P,
    model: string | undefined,
    bill: Bill,
    worst: () => Units,
    requestId: string | undefined,
    record?: CallRecord,
  ): StreamBill {
    const used = (assembly: Assembled, complete: boolean) =>
      streamUnits(meter, params, assembly, complete, worst);
    return {
      price: (assembly, complete) => withFix(this.metering.priceUsed(used(assembly, complete)), STREAM_FIX),
      final: (assembly, complete) => this.priceLoaded(used(assembly, complete)),
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
