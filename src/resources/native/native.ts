/** gw.native: the native multimodal format on /v1beta/models/{model}:generateContent. */
import type { APIPromise, ClientContext } from "../../core/http/index.js";
import { EVENT_STREAM, operation, path, type RequestOptions } from "../../core/http/index.js";
import { tokenMeter } from "../../core/money/index.js";
import { implementation } from "../../lib/carried.js";
import type {
  GenerateContentParsedStream,
  NativeParseParams,
  NativeParseParamsStreaming,
  ParsedGenerateContentResponse,
} from "./parse.js";
import type { GenerateContentParams } from "./requests.js";
import type { GenerateContentResponse } from "./results.js";
import { generateContentParams } from "./schema.js";
import { GenerateContentStream } from "./stream.js";

/**
 * "models/gemini-2.5-flash" (as the official SDKs spell it) and "gemini-2.5-flash" are the same
 * model. A fallback list is split by the transport before the path is built: one id here.
 */
const modelId = (params: GenerateContentParams) => (params.model as string).replace(/^models\//, "");

/** `model` goes into the path; the rest of the params is the body. */
function withoutModel({ model: _, ...body }: GenerateContentParams) {
  return body;
}

const GENERATE = operation<GenerateContentParams>({
  name: "native.generateContent",
  method: "POST",
  path: (params) => path`/v1beta/models/${modelId(params)}:generateContent`,
  policy: "idempotent",
  schema: generateContentParams,
  body: withoutModel,
  // Billed per token: the usageMetadata answered, or candidateCount x maxOutputTokens and the prompt's bound.
  meter: tokenMeter<GenerateContentParams>({
    model: modelId,
    usage: (answer) => (answer as GenerateContentResponse).usageMetadata,
    declaresTools: (params) =>
      Boolean(params.tools?.length) ||
      params.generationConfig?.responseSchema != null ||
      params.generationConfig?.responseJsonSchema != null,
    hidden: (params) => {
      if (params.cachedContent != null) return `cachedContent ${params.cachedContent} joins the input`;
      const builtIn = params.tools?.flatMap(Object.keys).find((key) => key !== "functionDeclarations");
      return builtIn && `the tool ${builtIn} adds its results to the input`;
    },
    limit: (params) => params.generationConfig?.maxOutputTokens,
    limitField: "generationConfig.maxOutputTokens",
    choices: (params) => params.generationConfig?.candidateCount,
  }),
});

const STREAM = operation<GenerateContentParams>({
  ...GENERATE,
  name: "native.streamGenerateContent",
  path: (params) => path`/v1beta/models/${modelId(params)}:streamGenerateContent`,
  query: { alt: "sse" },
  accept: EVENT_STREAM,
});

/** `gw.native`: the native multimodal format on /v1beta/models/{model}:generateContent. */
export class Native {
  constructor(private readonly client: ClientContext) {}

  /** One response. `model` goes into the path; the rest of the params is the body. */
  generateContent(
    params: GenerateContentParams,
    options?: RequestOptions,
  ): APIPromise<GenerateContentResponse> {
    return this.client.transport.call(GENERATE, params, options);
  }

  /** A stream of partial responses (`:streamGenerateContent?alt=sse`). */
  streamGenerateContent(
    params: GenerateContentParams,
    options?: RequestOptions,
  ): APIPromise<GenerateContentStream> {
    return this.client.transport.open(STREAM, params, options, (connection) =>
      GenerateContentStream.open(connection, params),
    );
  }

  /** Structured output: `{ model, contents, schema }`, as responseMimeType + responseJsonSchema; see docs/structured-output.md. */
  parse<T>(
    params: NativeParseParamsStreaming<T>,
    options?: RequestOptions,
  ): Promise<GenerateContentParsedStream<T>>;
  parse<T>(params: NativeParseParams<T>, options?: RequestOptions): Promise<ParsedGenerateContentResponse<T>>;
  parse<T>(params: NativeParseParams<T> | NativeParseParamsStreaming<T>, options?: RequestOptions) {
    return implementation<Promise<ParsedGenerateContentResponse<T> | GenerateContentParsedStream<T>>>(
      params.schema,
      "native.parse",
      "schema",
      "zodSchema(schema)",
    )(this, params, options);
  }
}
