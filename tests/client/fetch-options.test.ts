/**
 * fetchOptions reach every fetch (a proxy's undici dispatcher above all), and withOptions derives a
 * client that shares its parent's money. The proxy is a small node:http forward proxy on loopback
 * that counts what it forwarded: CONNECT tunnels (undici's default) and absolute-form requests.
 */
import http from "node:http";
import net from "node:net";
import { EnvHttpProxyAgent, ProxyAgent } from "undici";
import { describe, expect, it, onTestFinished } from "vitest";
import { ImagesClient } from "../../src/entries/images.js";
import Genway, {
  APIConnectionError,
  BudgetExceededError,
  type GenwayOptions,
  ValidationError,
} from "../../src/index.js";
import { hello, httpServer, loopback, thrown } from "../support/index.js";

/** A forward proxy: `tunnels` counts CONNECTs, `forwarded` the requests it relayed in absolute form. */
async function proxy() {
  const counts = { tunnels: 0, forwarded: 0 };
  const { url, server, track } = await httpServer((req, res) => {
    counts.forwarded++;
    const target = new URL(req.url!);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  server.on("connect", (req, client: net.Socket, head: Buffer) => {
    counts.tunnels++;
    const [host, port] = req.url!.split(":");
    const upstream = net.connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(client);
    track(upstream);
  });
  return { url, counts };
}

/** An undici dispatcher closed when the test ends. */
function closing<D extends { close(): Promise<void> }>(dispatcher: D): D {
  onTestFinished(() => dispatcher.close());
  return dispatcher;
}

/** The mock on loopback, and a client whose fetchOptions send every request through `dispatcher`. */
async function through(dispatcher: { close(): Promise<void> }) {
  const { server, mock } = await loopback();
  closing(dispatcher);
  const gw = new Genway({
    apiKey: mock.apiKey,
    baseURL: server.url,
    logLevel: "off",
    fetchOptions: { dispatcher },
  });
  return { gw, mock };
}

describe("fetchOptions: a proxy for every request", () => {
  it("a client's ProxyAgent carries each of its calls through the proxy (absolute-form requests, counted)", async () => {
    const { url, counts } = await proxy();
    const { gw, mock } = await through(new ProxyAgent({ uri: url, proxyTunnel: false }));
    await gw.chat.completions.create(hello);
    await gw.chat.completions.create(hello);
    expect(counts.forwarded).toBe(2);
    expect(mock.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(2);
  });

  it("through a CONNECT tunnel (undici's default), a stream too", async () => {
    const { url, counts } = await proxy();
    const { gw } = await through(new ProxyAgent(url));
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    expect(await stream.finalContent()).toBeTruthy();
    expect(counts.tunnels).toBe(1);
  });

  it("EnvHttpProxyAgent (HTTP_PROXY / NO_PROXY, here given as options) works the same", async () => {
    const { url, counts } = await proxy();
    const { gw } = await through(new EnvHttpProxyAgent({ httpProxy: url, noProxy: "" }));
    await gw.chat.completions.create(hello);
    expect(counts.tunnels + counts.forwarded).toBe(1);
  });

  it("a call's fetchOptions apply to that call alone, over the client's", async () => {
    const { url, counts } = await proxy();
    const dispatcher = closing(new ProxyAgent({ uri: url, proxyTunnel: false }));
    const { gw } = await loopback();
    await gw.chat.completions.create(hello, { fetchOptions: { dispatcher } });
    await gw.chat.completions.create(hello);
    expect(counts.forwarded).toBe(1);
  });

  it("downloads of result URLs go through the client's proxy too", async () => {
    const { url, counts } = await proxy();
    const { gw } = await through(new ProxyAgent({ uri: url, proxyTunnel: false }));
    const { data } = await gw.images.generate({ model: "dall-e-3", prompt: "a lighthouse" });
    const image = await gw.images.download(data[0]!);
    expect((await image.bytes()).length).toBeGreaterThan(0);
    expect(counts.forwarded).toBe(2);
  });

  it("genway's own fields win: a fetchOptions method, body or signal is not sent", async () => {
    const sent: RequestInit[] = [];
    const gw = new Genway({
      apiKey: "sk-fetch-options",
      baseURL: "http://gateway.test",
      logLevel: "off",
      fetch: async (_url, init) => {
        sent.push(init!);
        return Response.json({ id: "c", object: "chat.completion", choices: [] });
      },
      fetchOptions: { keepalive: true, method: "GET", body: "x" } as never,
    });
    await gw.chat.completions.create(hello, { fetchOptions: { priority: "high" } });
    expect(sent[0]).toMatchObject({ method: "POST", keepalive: true, priority: "high" });
    expect(JSON.parse(sent[0]!.body as string)).toMatchObject({ model: "gpt-4o-mini" });
  });

  it("fetchOptions that are not an object are refused before anything is sent", async () => {
    expect(
      () => new Genway({ apiKey: "sk-x", baseURL: "http://gateway.test", fetchOptions: "proxy" as never }),
    ).toThrow(ValidationError);
    const { gw, mock } = await loopback();
    const error = await thrown(() => gw.chat.completions.create(hello, { fetchOptions: 3 as never }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(mock.requests).toHaveLength(0);
  });

  it("review D6: a dispatcher that is no dispatcher is refused where it is given: the client, withOptions, the call", async () => {
    for (const dispatcher of [{}, { dispatch: 1 }, "http://proxy.test:8080", null]) {
      const error = await thrown(
        () => new Genway({ apiKey: "sk-x", baseURL: "http://gateway.test", fetchOptions: { dispatcher } }),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(
        /fetchOptions: dispatcher must be a dispatcher, an object with a dispatch function/,
      );
    }
    const { gw, mock } = await loopback();
    expect(() => gw.withOptions({ fetchOptions: { dispatcher: {} } })).toThrow(ValidationError);
    const error = await thrown(() =>
      gw.chat.completions.create(hello, { fetchOptions: { dispatcher: { dispatch: 1 } } }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(mock.requests).toHaveLength(0);
  });

  it("review D6: a paid call fetch refused to start (a fetch option it refuses, a dispatcher it cannot call) was never sent: a budget keeps none of it", async () => {
    const { server, mock } = await loopback();
    const video = { model: "vidA-2.5", prompt: "a boat", duration: 5 } as const; // worst case 5.5 CNY
    const refusals: Array<Pick<GenwayOptions, "fetch" | "fetchOptions" | "baseURL">> = [
      { fetchOptions: { cache: "bogus" as RequestCache } },
      // A port the Fetch standard blocks: fetch opens no socket ("bad port").
      { baseURL: "http://127.0.0.1:6000" },
      // A fetch of the caller's that hands Node's fetch a dispatcher it cannot call ("fetch failed").
      { fetch: (url, init) => fetch(url, { ...init, dispatcher: {} } as RequestInit) },
    ];
    for (const refusal of refusals) {
      const reasons: string[] = [];
      const gw = new Genway({
        apiKey: mock.apiKey,
        baseURL: server.url,
        logLevel: "off",
        prices: "spec",
        budget: { limit: 20, currency: "CNY" },
        onCost: (event) => reasons.push(event.reason ?? ""),
        ...refusal,
      });
      // Four worst cases (22 CNY) would overrun the budget of 20 if any of them were kept.
      for (let i = 0; i < 4; i++) {
        expect(await thrown(() => gw.videos.create(video))).toBeInstanceOf(APIConnectionError);
      }
      expect(reasons.filter((reason) => /may have billed/.test(reason))).toEqual([]);
    }
    expect(mock.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("review D6: a network failure after the request left is still maybe billed: the budget keeps its worst case", async () => {
    const { url } = await httpServer((req) => req.socket.destroy());
    const gw = new Genway({
      apiKey: "sk-x",
      baseURL: url,
      logLevel: "off",
      prices: "spec",
      budget: { limit: 20, currency: "CNY" },
    });
    const video = { model: "vidA-2.5", prompt: "a boat", duration: 5 } as const;
    for (let i = 0; i < 3; i++) {
      expect(await thrown(() => gw.videos.create(video))).toBeInstanceOf(APIConnectionError);
    }
    expect(await thrown(() => gw.videos.create(video))).toBeInstanceOf(BudgetExceededError);
  });
});

describe("withOptions: a derived client", () => {
  it("changes the options it is given and keeps the others (key, baseURL, headers)", async () => {
    const { gw, mock } = await loopback({ defaultHeaders: { "x-team": "a" } });
    const slow = gw.withOptions({ timeout: 1_200_000, defaultQuery: { trace: "1" } });
    expect(slow).toBeInstanceOf(Genway);
    expect(slow).not.toBe(gw);
    await slow.chat.completions.create(hello);
    const [request] = mock.requests;
    expect(request?.headers["x-team"]).toBe("a");
    expect(request?.url).toContain("trace=1");
    await gw.chat.completions.create(hello);
    expect(mock.requests[1]?.url).not.toContain("trace=1");
  });

  it("is a client of the same kind (a family entry's too)", async () => {
    const { server, mock } = await loopback();
    const images = new ImagesClient({ apiKey: mock.apiKey, baseURL: server.url, logLevel: "off" });
    const derived = images.withOptions({ maxRetries: 5 });
    expect(derived).toBeInstanceOf(ImagesClient);
    expect((await derived.images.generate({ model: "dall-e-3", prompt: "x" })).data).toHaveLength(1);
  });

  it("shares its parent's money: one budget and one gw.costs for both", async () => {
    const { server, mock } = await loopback();
    const gw = new Genway({
      apiKey: mock.apiKey,
      baseURL: server.url,
      logLevel: "off",
      budget: { limit: 100, currency: "CNY" },
    });
    const derived = gw.withOptions({ timeout: 5000 });
    await gw.chat.completions.create({ ...hello, max_tokens: 16 });
    await derived.chat.completions.create({ ...hello, max_tokens: 16 });
    expect(gw.costs.calls).toBe(2);
    expect(derived.costs).toBe(gw.costs);
  });

  it("a money option or another gateway gives it money of its own", async () => {
    const { server, mock } = await loopback();
    const gw = new Genway({ apiKey: mock.apiKey, baseURL: server.url, logLevel: "off", prices: "spec" });
    const own = gw.withOptions({ budget: { limit: 5, currency: "CNY" } });
    expect(own.costs).not.toBe(gw.costs);
    expect(gw.withOptions({ baseURL: "http://other-gateway.test" }).costs).not.toBe(gw.costs);
    // The same gateway written another way is the same gateway.
    expect(gw.withOptions({ baseURL: `${server.url}/v1/` }).costs).toBe(gw.costs);
  });

  it("checks the merged options like a new client, and never prints the key", () => {
    const gw = new Genway({
      apiKey: "sk-with-options-secret",
      baseURL: "http://gateway.test",
      logLevel: "off",
    });
    expect(() => gw.withOptions({ timeout: -1 })).toThrow(ValidationError);
    expect(() => gw.withOptions(null as never)).toThrow(/withOptions takes an object/);
    const derived = gw.withOptions({ maxRetries: 0 });
    expect(JSON.stringify(derived)).not.toContain("sk-with-options-secret");
  });
});
