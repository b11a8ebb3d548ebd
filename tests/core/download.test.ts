/** Downloads of result URLs: the client's fetch and clocks, never its key; errors, retries, timeouts. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import {
  APITimeoutError,
  APIUserAbortError,
  BadRequestError,
  NotFoundError,
  ValidationError,
} from "../../src/core/errors/errors.js";
import { download } from "../../src/core/uploads/download.js";
import { imageDimensions, sniffMime } from "../../src/core/uploads/sniff.js";
import { loopback, thrown } from "../support/index.js";

/** A fetch that records the headers of every request it sends, then sends it with `inner`. */
function recording(inner: typeof fetch = fetch) {
  const sent: Array<{ url: string; headers: Record<string, string> }> = [];
  const wrapped: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, headers: Object.fromEntries(request.headers) });
    return inner(request);
  };
  return { fetch: wrapped, sent };
}

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe("gw.images.download", () => {
  it("an image without a url (b64_json) rejects with a ValidationError, sending nothing", async () => {
    const { mock, gw } = await loopback();
    const pending = gw.images.download({ b64_json: "iVBORw0KGgo=" });
    const error = await thrown(() => pending);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/no url/);
    expect(mock.requests).toHaveLength(0);
  });

  it("sends no Authorization, no x-api-key and none of the client's headers, through the client's fetch", async () => {
    const spy = recording();
    const { mock, gw } = await loopback({
      fetch: spy.fetch,
      defaultHeaders: { "x-proxy-token": "secret-proxy-token" },
      defaultQuery: { tenant: "secret-tenant" },
    });
    const { data } = await gw.images.generate({ prompt: "a lighthouse", size: "256x256" });
    const image = await gw.images.download(data[0]!);
    const bytes = await image.bytes();
    expect(sniffMime(bytes)).toBe("image/png");
    expect(imageDimensions(bytes)).toEqual({ width: 256, height: 256 });

    const [generation, file] = spy.sent;
    expect(generation!.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
    expect(file!.url).toBe(data[0]!.url);
    expect(file!.headers).toEqual({ accept: "*/*" });
    // And on the server side, as received:
    const received = mock.requests.find((r) => r.path.startsWith("/files/"))!;
    expect(received.headers.authorization).toBeUndefined();
    expect(received.headers["x-api-key"]).toBeUndefined();
    expect(received.headers["x-proxy-token"]).toBeUndefined();
    expect(received.url).not.toContain("secret");
  });

  it("works with the mock's in-process fetch (no server), the client's configured fetch", async () => {
    const mock = createMockGateway();
    const { default: Genway } = await import("../../src/index.js");
    const gw = new Genway({
      apiKey: mock.apiKey,
      baseURL: "http://gateway.test",
      fetch: mock.fetch,
      logLevel: "off",
    });
    const { data } = await gw.images.generate({ model: "imgB-seasonal", prompt: "snow", size: "768x512" });
    expect(data[0]!.url).toMatch(/^http:\/\/gateway\.test\/files\//);
    expect(imageDimensions(await (await gw.images.download(data[0]!.url!)).bytes())).toEqual({
      width: 768,
      height: 512,
    });
  });

  it("the mock's file host refuses a request that carries a key, as a presigned URL does", async () => {
    const { server } = await loopback();
    const response = await fetch(`${server.url}/files/x-0-64x64.png`, {
      headers: { authorization: "Bearer k" },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Only one auth mechanism allowed");
  });

  it("follows a redirect to another host, still without the key", async () => {
    const { mock, server, gw } = await loopback();
    const redirector = createServer((_, res) => {
      res.writeHead(302, { location: `${server.url}/files/moved-0-32x16.png` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    closers.push(() => redirector.close());
    const port = (redirector.address() as AddressInfo).port;
    const image = await gw.images.download(`http://127.0.0.1:${port}/result.png`);
    expect(imageDimensions(await image.bytes())).toEqual({ width: 32, height: 16 });
    expect(mock.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it("turns a missing file into NotFoundError with the host's message", async () => {
    const { server, gw } = await loopback();
    const error = await thrown(() => gw.images.download(`${server.url}/files/nothing.here`));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.status).toBe(404);
    expect(error.message).toContain("The specified key does not exist");
  });

  it("rejects what is not an http(s) URL before any request", async () => {
    const spy = recording();
    const { gw } = await loopback({ fetch: spy.fetch });
    for (const url of [
      "file:///etc/passwd",
      "data:image/png;base64,AAAA",
      "/files/relative.png",
      "nonsense",
    ]) {
      const error = await thrown(() => gw.images.download(url));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.issues[0]).toMatchObject({ path: "url", rule: "invalid_url" });
    }
    const noUrl = await thrown(() => gw.images.download({ b64_json: "AAAA" }));
    expect(noUrl).toBeInstanceOf(ValidationError);
    expect(spy.sent).toEqual([]);
  });

  it("fails a stalled download with APITimeoutError (idle)", async () => {
    const { mock, server, gw } = await loopback({ idleTimeout: 100 });
    mock.inject({ match: "/files/", stallAfter: 1 });
    const image = await gw.images.download(`${server.url}/files/big-0-1024x1024.png`);
    const error = await thrown(() => image.arrayBuffer());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.phase).toBe("idle");
  });

  it("keeps the idle clock for the body when the headers came later than one idle window", async () => {
    // One timer serves both clocks: waiting for late headers, it must not sleep past the idle window.
    const { mock, server, gw } = await loopback({ idleTimeout: 100 });
    mock.inject({ match: "/files/", delayMs: 400, stallAfter: 1 });
    const image = await gw.images.download(`${server.url}/files/late-0-1024x1024.png`);
    const error = await thrown(() => image.arrayBuffer());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.phase).toBe("idle");
  });

  it("fails slow headers with APITimeoutError (response), honouring a per-call timeout", async () => {
    const { mock, server, gw } = await loopback();
    mock.inject({ match: "/files/", delayMs: 500, passThrough: true });
    const error = await thrown(() =>
      gw.images.download(`${server.url}/files/slow-0-8x8.png`, { timeout: 80, maxRetries: 0 }),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error.phase).toBe("response");
  });

  it("retries a 503 from the file host (a GET is safe to repeat), up to the client's maxRetries", async () => {
    const { mock, server, gw } = await loopback({ maxRetries: 1 });
    mock.inject({ match: "/files/", status: 503, times: 1 });
    const image = await gw.images.download(`${server.url}/files/retry-0-8x8.png`);
    expect(sniffMime(await image.bytes())).toBe("image/png");
    expect(mock.requests.filter((r) => r.path.startsWith("/files/"))).toHaveLength(2);
  });

  it("stops on the caller's signal", async () => {
    const { mock, server, gw } = await loopback();
    mock.inject({ match: "/files/", stallAfter: 1 });
    const controller = new AbortController();
    const image = await gw.images.download(`${server.url}/files/a-0-1024x1024.png`, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 30);
    expect(await thrown(() => image.arrayBuffer())).toBeInstanceOf(APIUserAbortError);
  });
});

describe("download()", () => {
  it("works standalone with any fetch and reports a 400 from the host as BadRequestError", async () => {
    const { server } = await loopback();
    const spy = recording();
    const ok = await download(`${server.url}/files/plain-0-4x4.png`, { fetch: spy.fetch });
    expect(ok.contentType).toBe("image/png");
    expect(ok.contentLength).toBe((await ok.bytes()).length);
    const withKey = recording((input, init) => {
      const request = new Request(input, init);
      request.headers.set("authorization", "Bearer injected-by-a-proxy");
      return fetch(request);
    });
    const error = await thrown(() =>
      download(`${server.url}/files/plain-0-4x4.png`, { fetch: withKey.fetch }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });
});
