/** Shared pieces of the property tests: bodies from chunks, fake connections, recording clients. */
import fc from "fast-check";
import type { Connection } from "../../src/core/http/connection.js";
import type { GenwayOptions } from "../../src/index.js";
import { answering } from "../support/index.js";

/** A body that hands out `chunks` one per read, as a socket would. */
export function chunkedBody(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i >= chunks.length) return controller.close();
      controller.enqueue(chunks[i++]!);
    },
  });
}

/** Splits `bytes` at the given offsets (any order, duplicates and out-of-range values ignored). */
function splitAt(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.filter((o) => o > 0 && o < bytes.length))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    out.push(bytes.slice(start, cut));
    start = cut;
  }
  return out;
}

/** A UTF-8 text and an arbitrary way of cutting its bytes into chunks (one-byte chunks included). */
export function splitText(text: string): fc.Arbitrary<Uint8Array[]> {
  const bytes = new TextEncoder().encode(text);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Uint8Array[]>([bytes]) },
    { weight: 1, arbitrary: fc.constant(splitAt(bytes, [...bytes.keys()])) },
    {
      weight: 6,
      arbitrary: fc
        .array(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 40 })
        .map((offsets) => splitAt(bytes, offsets)),
    },
  );
}

/**
 * fast-check's "binary" string unit (any code point but a lone surrogate: an index over the code
 * points below and above the surrogates), read back by arithmetic: fast-check's own builds a map of
 * all 1.1 million code points to read one back (a second or more of CPU in each test worker), which
 * a string arbitrary does at once, to plant "__proto__" and its kind. The same values for a seed.
 */
const SURROGATES = { first: 0xd800, count: 0x800 };
const codePoint = fc.nat({ max: 0x10ffff - SURROGATES.count }).map(
  (index) => String.fromCodePoint(index < SURROGATES.first ? index : index + SURROGATES.count),
  (value) => {
    const code = typeof value === "string" ? value.codePointAt(0) : undefined;
    const isOne = code !== undefined && String.fromCodePoint(code) === value;
    if (!isOne || (code >= SURROGATES.first && code < SURROGATES.first + SURROGATES.count))
      throw new Error("not a code point of the unit");
    return code < SURROGATES.first ? code : code - SURROGATES.count;
  },
);

/** Text that exercises every UTF-8 width: ASCII, 2-, 3- and 4-byte sequences, and any code point. */
export const unicodeText = (maxLength = 24) =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom("a", " ", "é", "ß", "→", "世", "界", "😀", "🇫🇷", "\u0000", "\t", "\\", '"'),
      fc.string({ unit: codePoint, minLength: 1, maxLength: 1 }),
    ),
    maxLength,
  });

/** A 2xx connection over `body`, as the transport would hand it to a stream. */
export function fakeConnection(body: ReadableStream<Uint8Array>, idleTimeout = 0): Connection {
  const controller = new AbortController();
  let reason: "user" | "idle" | undefined;
  return {
    response: new Response(body, { headers: { "content-type": "text/event-stream" } }),
    url: "http://gateway.test/v1/chat/completions",
    requestId: "req-prop",
    controller,
    idleTimeout,
    abortReason: () => reason ?? (controller.signal.aborted ? "user" : undefined),
    abort: (why) => {
      reason ??= why;
      controller.abort();
    },
    release: () => {},
  };
}

/** A client whose fetch records every call and answers with `respond()` (a chat completion by default). */
export function recordingClient(options: GenwayOptions = {}, respond = () => Response.json(COMPLETION)) {
  const { gw, sent } = answering(
    COMPLETION,
    { apiKey: "sk-property-tests", baseURL: "http://gw.test", ...options },
    respond,
  );
  return { gw, calls: sent };
}

const COMPLETION = {
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1,
  model: "gpt-4o-mini",
  choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
};
