/**
 * Clients answered without a server: the fault server of the hostile-gateway tests and every
 * "answer each request with this body" client are one `serving()`.
 */
import Genway, { type GenwayOptions } from "../../src/index.js";
import { quickRetries } from "./loopback.js";

export const KEY = "sk-hostile-0123456789abcdef";

/** A client whose fetch answers every request with `answer(url, init, n)` (n counts from 1). */
export function serving(
  answer: (url: string, init: RequestInit, n: number) => Response | Promise<Response>,
  options: GenwayOptions = {},
): { gw: Genway; calls: Array<{ url: string; init: RequestInit }> } {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const gw = new Genway({
    apiKey: KEY,
    baseURL: "http://gateway.test",
    maxRetries: 0,
    ...quickRetries,
    logLevel: "off",
    fetch: async (input, init = {}) => {
      const url = String(input instanceof Request ? input.url : input);
      calls.push({ url, init });
      return answer(url, init, calls.length);
    },
    ...options,
  });
  return { gw, calls };
}

/** A client whose every request is answered with `body` (a recorded upstream stream, JSON or error). */
export function replay(body: string, contentType = "text/event-stream", status = 200): Genway {
  return serving(() => new Response(body, { status, headers: { "content-type": contentType } }), {
    apiKey: "sk-replay",
    baseURL: "http://replay.invalid",
  }).gw;
}

/**
 * A client whose every request is answered with `respond()` (`body` as JSON by default); `sent`
 * keeps what went out, each body parsed.
 */
export function answering(body: unknown, options: GenwayOptions = {}, respond = () => Response.json(body)) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const { gw } = serving(async (url, init) => {
    const method = init.method ?? "GET";
    const text = method === "GET" ? "" : await new Request(url, init).text();
    sent.push({ method, url, body: text ? JSON.parse(text) : undefined });
    return respond();
  }, options);
  return { gw, sent };
}

/** A chat completion in which the model calls tool `name` with no arguments (a tool loop's step). */
export function callingTool(name: string) {
  return {
    id: "c",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "t1", type: "function", function: { name, arguments: "{}" } }],
        },
        finish_reason: "tool_calls",
      },
    ],
  };
}

/**
 * A relay publishing the prices given as raw JSON text (`status`: GET /api/status, `pricing`: GET
 * /api/pricing, so a test can write what JSON.stringify cannot: NaN, 1e400), answering chat with
 * `usage`, and video and image submissions; `paid` lists the paid routes each request reached.
 */
export function pricedRelay(
  prices: { status: string; pricing: string },
  options: GenwayOptions = {},
  usage: Record<string, number> = { prompt_tokens: 1000, completion_tokens: 500 },
) {
  const paid: string[] = [];
  const json = (text: string) => new Response(text, { headers: { "content-type": "application/json" } });
  const { gw } = serving((url) => {
    const path = new URL(url).pathname;
    if (path === "/api/status") return json(prices.status);
    if (path === "/api/pricing") return json(prices.pricing);
    paid.push(path);
    if (path.startsWith("/v2/videos")) return Response.json({ task_id: `task-${paid.length}` });
    if (path.startsWith("/v1/images"))
      return Response.json({ created: 1, data: [{ url: "http://cdn.test/1.png" }] });
    return Response.json({
      id: "c",
      object: "chat.completion",
      created: 1,
      model: "gpt-4o-mini",
      choices: [{ index: 0, message: { role: "assistant", content: "x" }, finish_reason: "stop" }],
      usage,
    });
  }, options);
  return { gw, paid };
}
