/**
 * Helpers of the images, speech and video compatibility suites: the upstream captures (copied
 * verbatim from shared/upstream/ into fixtures/, so the suite stands alone) and a client answered
 * by one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Genway from "../../src/index.js";

const FIXTURES = join(import.meta.dirname, "fixtures");

/** A JSON capture from fixtures/. */
export function capture<T = Record<string, any>>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as T;
}

/** A client whose every request is answered with `body` as JSON; `sent` keeps what went out. */
export function answering(body: unknown) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  const gw = new Genway({
    apiKey: "sk-test",
    baseURL: "http://gateway.test",
    maxRetries: 0,
    logLevel: "off",
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const text = request.method === "GET" ? "" : await request.text();
      sent.push({ method: request.method, url: request.url, body: text ? JSON.parse(text) : undefined });
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    },
  });
  return { gw, sent };
}
