/** gw.responses: the OpenAI Responses format on /v1/responses (plain, streaming, with web access). */

import type { ClientContext } from "../../core/http/index.js";
import { type APIPromise, accepts, operation, type RequestOptions } from "../../core/http/index.js";
import { withOutputText } from "./output-text.js";
import { responseCreateParams } from "./schema.js";
import { ResponseStream } from "./stream.js";
import type {
  ResponseCreateParams,
  ResponseCreateParamsNonStreaming,
  ResponseCreateParamsStreaming,
  ResponseObject,
} from "./types.js";

const CREATE = operation<ResponseCreateParams>({
  name: "responses.create",
  method: "POST",
  path: "/v1/responses",
  policy: "idempotent",
  schema: responseCreateParams,
  accept: accepts,
});

/** `gw.responses`: the OpenAI Responses API on /v1/responses. */
export class Responses {
  constructor(private readonly client: ClientContext) {}

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
    return this.client.transport.jsonOrStream(CREATE, params, options, ResponseStream.open, withOutputText);
  }
}
