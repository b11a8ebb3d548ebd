/** gw.responses: the OpenAI Responses format on /v1/responses (plain, streaming, with web access). */
import { APIPromise } from "../../core/api-promise.js";
import type { Resource } from "../../core/resource.js";
import type { RequestOptions } from "../../core/transport.js";
import { validate } from "../../core/validate.js";
import { withOutputText } from "./output-text.js";
import { responseCreateParams } from "./schema.js";
import { ResponseStream } from "./stream.js";
import type {
  ResponseCreateParams,
  ResponseCreateParamsNonStreaming,
  ResponseCreateParamsStreaming,
  ResponseObject,
} from "./types.js";

const PATH = "/v1/responses";

/** `gw.responses`: the OpenAI Responses API on /v1/responses. */
export class Responses {
  constructor(private readonly client: Resource) {}

  /** Streams the answer: resolves, once the headers arrive, to a {@link ResponseStream}. */
  create(params: ResponseCreateParamsStreaming, options?: RequestOptions): APIPromise<ResponseStream>;
  /** Resolves to the whole {@link ResponseObject}. */
  create(params: ResponseCreateParamsNonStreaming, options?: RequestOptions): APIPromise<ResponseObject>;
  /**
   * Either, as `params.stream` says. Throws {@link ValidationError} before sending a request
   * that breaks the spec's bounds (unless `validation: 'off'`).
   */
  create(
    params: ResponseCreateParams,
    options?: RequestOptions,
  ): APIPromise<ResponseObject> | APIPromise<ResponseStream>;
  create(
    params: ResponseCreateParams,
    options?: RequestOptions,
  ): APIPromise<ResponseObject> | APIPromise<ResponseStream> {
    const body = validate(responseCreateParams, params, "responses.create", this.client.validation);
    const spec = { method: "POST", path: PATH, body, policy: "idempotent" } as const;
    if (body.stream) {
      return this.client.transport.connect(
        { ...spec, accept: "text/event-stream" },
        options,
        ResponseStream.open,
      );
    }
    const sent = this.client.transport.json<ResponseObject>(spec, options).withResponse();
    return new APIPromise<ResponseObject>(
      sent.then((result) => ({ ...result, data: withOutputText(result.data) })),
    );
  }
}
