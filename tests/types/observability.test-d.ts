/** Type tests of middleware, its onWait hook and genway/otel: what a middleware may read and change, and misspellings refused. */
import type { Tracer } from "@opentelemetry/api";
import { describe, expectTypeOf, it } from "vitest";
import Genway, {
  type CallOutcome,
  type CostEstimate,
  type Middleware,
  type MiddlewareRequest,
  type TaskSnapshot,
  type TaskWait,
  type WaitHook,
} from "../../src/index.js";
import { type OtelOptions, otel } from "../../src/otel/index.js";

declare const tracer: Tracer;

describe("middleware", () => {
  it("is a function of the request and next, with an optional onWait hook", () => {
    const logging: Middleware = async (request, next) => {
      expectTypeOf(request.attempt).toEqualTypeOf<number>();
      expectTypeOf(request.model).toEqualTypeOf<string | undefined>();
      expectTypeOf(request.headers).toEqualTypeOf<Headers>();
      expectTypeOf(request.call.operation).toEqualTypeOf<string>();
      expectTypeOf(request.call.done).toEqualTypeOf<Promise<CallOutcome>>();
      return next({ ...request, url: `${request.url}?x=1` });
    };
    logging.onWait = async (wait, next) => {
      expectTypeOf(wait).toEqualTypeOf<TaskWait>();
      expectTypeOf(wait.task.id).toEqualTypeOf<string>();
      wait.onProgress((snapshot) => expectTypeOf(snapshot).toEqualTypeOf<TaskSnapshot<unknown>>());
      return next();
    };
    new Genway({ apiKey: "k", baseURL: "http://gateway.test", middleware: [logging, otel()] });
  });

  it("reads the outcome's cost as a CostEstimate or null", () => {
    expectTypeOf<CallOutcome["cost"]>().toEqualTypeOf<CostEstimate | null>();
    expectTypeOf<CallOutcome["attempts"]>().toEqualTypeOf<number>();
  });

  it("refuses what a middleware may not change, and a wrong return", () => {
    const readOnly: Middleware = async (request, next) => {
      // @ts-expect-error the attempt number is the transport's
      request.attempt = 2;
      // @ts-expect-error the call record is shared by every attempt
      request.call = { ...request.call };
      return next(request);
    };
    // @ts-expect-error a middleware resolves to a Response
    const noResponse: Middleware = async (request) => request;
    // @ts-expect-error an onWait hook resolves to the snapshot next() gave
    const noSnapshot: WaitHook = async () => "done";
    // @ts-expect-error misspelled: the option is `middleware`
    new Genway({ apiKey: "k", baseURL: "http://gateway.test", middlewares: [readOnly] });
    expectTypeOf(noResponse).toMatchTypeOf<Middleware>();
    expectTypeOf(noSnapshot).toEqualTypeOf<WaitHook>();
    expectTypeOf<MiddlewareRequest["body"]>().toEqualTypeOf<BodyInit | null | undefined>();
  });
});

describe("otel()", () => {
  it("takes an optional tracer and is a Middleware", () => {
    expectTypeOf(otel()).toEqualTypeOf<Middleware>();
    expectTypeOf(otel({ tracer })).toEqualTypeOf<Middleware>();
    expectTypeOf<OtelOptions>().toEqualTypeOf<{ tracer?: Tracer | undefined }>();
  });

  it("refuses a misspelled option and a tracer that is not one", () => {
    // @ts-expect-error misspelled: the option is `tracer`
    otel({ tracr: tracer });
    // @ts-expect-error a tracer provider is not a tracer
    otel({ tracer: { getTracer: () => tracer } });
  });
});
