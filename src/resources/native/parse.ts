/**
 * `gw.native.parse`: structured output in the native format, through its own JSON mechanism:
 * `generationConfig.responseMimeType: "application/json"` and `responseJsonSchema`. The answer text
 * comes back validated as `parsed`. `stream: true` reads `:streamGenerateContent`. The schema comes
 * from `zodSchema(schema)`, which carries the conversion and {@link parseNative} to the method
 * under {@link NATIVE_PARSE} (lib/carried.ts).
 */
import type { RequestOptions } from "../../core/http/index.js";
import { carriedMethod } from "../../lib/carried.js";
import type { ParseableSchema, StructuredStream, Tool } from "../../lib/index.js";
import { checkNativeName } from "../../lib/names.js";
import type { StructuredAnswer } from "../../lib/outcome.js";
import type { OutputParser } from "../../lib/output.js";
import { toolSchema } from "../../lib/tools.js";
import { answerText } from "./helpers.js";
import type { GenerateContentParams, NativeTool } from "./requests.js";
import type { GenerateContentResponse } from "./results.js";
import type { GenerateContentStream } from "./stream.js";

const OPERATION = "native.parse";

/** Finish reasons that mean the model declined (upstream's safety and policy stops). */
const REFUSALS = new Set(["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY"]);

/** `parse` params: a native request plus the schema (it sets responseMimeType and responseJsonSchema). */
export interface NativeParseParams<T> extends GenerateContentParams {
  /** The answer's schema, from `zodSchema(schema)`: a zod 4 schema or a Standard Schema validator. */
  schema: ParseableSchema<T>;
  /** Stream the answer (`:streamGenerateContent?alt=sse`). */
  stream?: false;
}

/** `parse` params, streamed. */
export interface NativeParseParamsStreaming<T> extends Omit<NativeParseParams<T>, "stream"> {
  stream: true;
}

/** A native response with the validated object. */
export interface ParsedGenerateContentResponse<T> extends GenerateContentResponse {
  parsed: T;
}

/** A native stream with `partialObjects()` and `finalParsed()`. */
export type GenerateContentParsedStream<T> = GenerateContentStream & StructuredStream<T>;

/** What parse needs of `gw.native` (structural, so this file imports no class). */
export interface NativeGenerate {
  generateContent(
    params: GenerateContentParams,
    options?: RequestOptions,
  ): PromiseLike<GenerateContentResponse>;
  streamGenerateContent(
    params: GenerateContentParams,
    options?: RequestOptions,
  ): PromiseLike<GenerateContentStream>;
}

/** A response as a structured answer: the text, a block or safety stop, a cut at MAX_TOKENS. */
function answerOf(response: GenerateContentResponse): StructuredAnswer {
  const blocked = response.promptFeedback?.blockReason;
  const reason = response.candidates?.[0]?.finishReason;
  return {
    raw: answerText(response),
    refusal: blocked ? `prompt blocked: ${blocked}` : reason && REFUSALS.has(reason) ? reason : undefined,
    truncated: reason === "MAX_TOKENS" ? reason : undefined,
  };
}

/**
 * `gw.native.parse`: {@link parseNative} with the schema's parser bound, as the schema
 * `zodSchema(schema)` makes carries it.
 */
export const NATIVE_PARSE = carriedMethod<
  (
    native: NativeGenerate,
    params: NativeParseParams<unknown> | NativeParseParamsStreaming<unknown>,
    options?: RequestOptions,
  ) => Promise<ParsedGenerateContentResponse<unknown> | GenerateContentParsedStream<unknown>>
>(OPERATION, "schema", "zodSchema(schema)");

/** `gw.native.parse`, not streamed or streamed. */
export async function parseNative<T>(
  native: NativeGenerate,
  parser: OutputParser<T>,
  params: NativeParseParams<T> | NativeParseParamsStreaming<T>,
  options?: RequestOptions,
): Promise<ParsedGenerateContentResponse<T> | GenerateContentParsedStream<T>> {
  const { schema: _, stream, ...rest } = params;
  const request: GenerateContentParams = {
    ...rest,
    generationConfig: {
      ...rest.generationConfig,
      responseMimeType: "application/json",
      responseJsonSchema: parser.wire("gemini", OPERATION),
    },
  };
  if (stream === true) {
    const opened = await native.streamGenerateContent(request, options);
    return parser.stream(
      opened,
      {
        delta: (chunk) => answerText(chunk) || undefined,
        final: () => opened.finalResponse(),
        answer: answerOf,
      },
      OPERATION,
    );
  }
  const response = (await native.generateContent(request, options)) as ParsedGenerateContentResponse<T>;
  response.parsed = await parser.read(answerOf(response), OPERATION);
  return response;
}

/**
 * defineTool tools as a native tool of function declarations (arguments as `parametersJsonSchema`). A
 * name the native format refuses (one not starting with a letter or `_`) is a ValidationError.
 */
export function nativeTools(tools: readonly Tool[]): NativeTool {
  return {
    functionDeclarations: tools.map((tool, i) => {
      checkNativeName(tool.name, "nativeTools", `tools.${i}.name`);
      return {
        name: tool.name,
        ...(tool.description ? { description: tool.description } : {}),
        parametersJsonSchema: toolSchema(tool, "gemini"),
      };
    }),
  };
}
