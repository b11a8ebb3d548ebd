/**
 * baseURL as users write it: the gateway's root or the OpenAI-style `https://host/v1`, with or
 * without a trailing slash, reaches the same paths; a URL that is not the gateway answers with an
 * error naming the URL tried and the fix; a connection that fails names the host and port.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import Genway, { APIConnectionError, NotFoundError, ValidationError } from "../../src/index.js";
import { hello, loopback, rejection, serving } from "../support/index.js";

/** One call of each path family: chat (/v1), native (/v1beta), video (/v2), vidgen, musicgen. */
async function oneOfEach(gw: Genway): Promise<void> {
  await gw.chat.completions.create(hello);
  await gw.native.generateContent({ model: "gemini-2.5-flash", contents: [{ parts: [{ text: "hi" }] }] });
  await gw.videos.create({ model: "vidA-2.5", prompt: "a boat" });
  await gw.vidgen.videos.textToVideo({ prompt: "a cat" });
  await gw.musicgen.submit.lyrics({ prompt: "the sea" });
}

describe("baseURL spellings", () => {
  it("the root, root/, root/v1 and root/v1/ send the same paths", async () => {
    const { mock, url } = await loopback();
    const spellings = [url, `${url}/`, `${url}/v1`, `${url}/v1/`];
    const pathsBy: string[][] = [];
    for (const baseURL of spellings) {
      const before = mock.requests.length;
      await oneOfEach(new Genway({ apiKey: mock.apiKey, baseURL, maxRetries: 0, logLevel: "off" }));
      pathsBy.push(mock.requests.slice(before).map((r) => r.path));
    }
    expect(pathsBy[0]).toEqual([
      "/v1/chat/completions",
      "/v1beta/models/gemini-2.5-flash:generateContent",
      "/v2/videos/generations",
      "/vidgen/v1/videos/text2video",
      "/musicgen/submit/lyrics",
    ]);
    for (const paths of pathsBy.slice(1)) expect(paths).toEqual(pathsBy[0]);
  });

  it("a path prefix before /v1 is kept (a gateway mounted under /api)", async () => {
    const { gw, calls } = serving(() => Response.json({ id: "c", choices: [] }), {
      baseURL: "https://host.example/api/v1/",
    });
    await gw.chat.completions.create(hello);
    expect(calls.map((c) => c.url)).toEqual(["https://host.example/api/v1/chat/completions"]);
  });
});

describe("a baseURL that is not the gateway", () => {
  it("a 404 from an unrouted path names the URL tried and the fix (new-api: Invalid URL)", async () => {
    const { mock, url } = await loopback();
    // A prefix the gateway does not serve: the relay answers 404 "Invalid URL (POST /api/v1/...)".
    const gw = new Genway({
      apiKey: mock.apiKey,
      baseURL: `${url}/api`,
      maxRetries: 0,
      logLevel: "off",
      defaultQuery: { token: "sk-in-the-query-123" },
    });
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain(`Invalid URL (POST /api/v1/chat/completions)`);
    expect(error.message).toContain(`Tried ${url}/api/v1/chat/completions. Check baseURL:`);
    expect(error.message).toContain("with or without /v1");
    expect(error.message).not.toContain("sk-in-the-query-123");
    expect(error.message).not.toContain("?");
  });

  it("an HTML or empty 404 gets the same advice", async () => {
    for (const body of ["<html><title>404 Not Found</title></html>", ""]) {
      const { gw } = serving(
        () => new Response(body, { status: 404, headers: { "content-type": "text/html" } }),
        { baseURL: "https://console.example.com/dashboard" },
      );
      const error = await rejection(gw.chat.completions.create(hello));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toContain(
        "Tried https://console.example.com/dashboard/v1/chat/completions. Check baseURL:",
      );
    }
  });

  it("a 404 the gateway gives about a task or a model is not a baseURL problem: no advice", async () => {
    const { gw } = await loopback();
    const task = await rejection(gw.videos.retrieve("no-such-task"));
    expect(task).toBeInstanceOf(NotFoundError);
    expect(task.code).toBe("task_not_exist");
    const model = await rejection(
      serving(() =>
        Response.json(
          {
            error: {
              message: "The model `x` does not exist",
              type: "invalid_request_error",
              code: "model_not_found",
            },
          },
          { status: 404 },
        ),
      ).gw.chat.completions.create(hello),
    );
    const native = await rejection(
      serving(() =>
        Response.json(
          { error: { code: 404, message: "models/x is not found", status: "NOT_FOUND" } },
          { status: 404 },
        ),
      ).gw.native.generateContent({ model: "x", contents: [{ parts: [{ text: "hi" }] }] }),
    );
    for (const error of [task, model, native]) {
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).not.toContain("Check baseURL");
    }
  });

  it("a 404 on a result download is not about baseURL either", async () => {
    const { gw } = serving(() => new Response("", { status: 404 }));
    const error = await rejection(gw.images.download({ url: "https://cdn.example/missing.png" }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).not.toContain("Check baseURL");
  });
});

describe("connection errors name the host and port tried", () => {
  it("a refused connection: host and port, never the key or the query", async () => {
    const { url, close } = await loopback();
    await close(); // nobody listens there any more
    const port = new URL(url).port;
    const gw = new Genway({
      apiKey: "sk-never-shown-456",
      baseURL: `${url}/v1`,
      maxRetries: 0,
      logLevel: "off",
      defaultQuery: { key: "sk-query-secret-789" },
    });
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toMatch(new RegExp(`tried 127\\.0\\.0\\.1:${port}$`));
    expect(JSON.stringify(error)).not.toMatch(/sk-never-shown-456|sk-query-secret-789/);
  });

  it("the default port is spelled out", async () => {
    const { gw } = serving(
      () => {
        throw new TypeError("fetch failed");
      },
      { baseURL: "https://gateway.example.com/v1" },
    );
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe("Connection error: fetch failed; tried gateway.example.com:443");
  });

  it("a body cut mid-read names the host too", async () => {
    const { gw } = serving(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"id":"c","choi'));
              controller.error(new TypeError("terminated"));
            },
          }),
          { headers: { "content-type": "application/json", "content-length": "100000" } },
        ),
      { baseURL: "http://gateway.test:8080" },
    );
    const error = await rejection(gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toBe("Connection error: terminated; tried gateway.test:8080");
  });
});

/** The error `new Genway({ baseURL })` throws, if any. */
function refusedBaseURL(baseURL: string, env?: string): unknown {
  const before = process.env.GENWAY_BASE_URL;
  if (env !== undefined) process.env.GENWAY_BASE_URL = env;
  try {
    new Genway({ apiKey: "sk-x", logLevel: "off", ...(env === undefined ? { baseURL } : {}) });
  } catch (error) {
    return error;
  } finally {
    if (before === undefined) delete process.env.GENWAY_BASE_URL;
    else process.env.GENWAY_BASE_URL = before;
  }
  return undefined;
}

describe("E17: a baseURL with a user name and password", () => {
  it.each([
    "http://proxyuser:S3cret-pass@127.0.0.1:8080/v1",
    "https://S3cret-pass@gateway.example.com",
    "https://proxyuser:S3cret-pass@gateway.example.com/v1?x=1",
    "proxyuser:S3cret-pass@gateway.example.com",
  ])("E17: %s is refused at construction, the password never printed", (baseURL) => {
    const error = refusedBaseURL(baseURL);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["baseURL"]);
    for (const face of [String(error), JSON.stringify(error), inspect(error), (error as Error).stack]) {
      expect(face).not.toContain("S3cret-pass");
    }
  });

  it("E17: the message says why and what to do instead", () => {
    const error = refusedBaseURL("http://proxyuser:S3cret-pass@127.0.0.1:8080/v1");
    expect((error as ValidationError).message).toBe(
      "Invalid Genway options: baseURL: must not hold a user name or password (http://***@127.0.0.1:8080/v1): fetch refuses it; send credentials as a header with defaultHeaders",
    );
  });

  it("E17: GENWAY_BASE_URL is checked the same way, and named", () => {
    const error = refusedBaseURL("", "http://u:S3cret-pass@127.0.0.1:8080");
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["baseURL (GENWAY_BASE_URL)"]);
    expect(String(error)).not.toContain("S3cret-pass");
  });
});

describe("E20: a baseURL with a query string or a fragment", () => {
  it.each([
    "http://127.0.0.1:8080/v1?api-version=2024-10-01",
    "http://127.0.0.1:8080/v1#main",
    "http://127.0.0.1:8080/v1?",
  ])("E20: %s is refused at construction, pointing to defaultQuery", (baseURL) => {
    const error = refusedBaseURL(baseURL);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      "Invalid Genway options: baseURL: must not hold a query string or fragment (http://127.0.0.1:8080/v1 is the root, every API path is appended to it): add query parameters to every request with defaultQuery",
    );
  });

  it("E20: nothing is sent: the client is never made", () => {
    const sent: string[] = [];
    expect(
      () =>
        new Genway({
          apiKey: "sk-x",
          baseURL: "http://gateway.test/v1?api-version=1",
          fetch: async (input) => {
            sent.push(String(input));
            return Response.json({});
          },
        }),
    ).toThrow(ValidationError);
    expect(sent).toEqual([]);
  });

  it("defaultQuery sends the parameter on every path, the API path intact", async () => {
    const { gw, calls } = serving(() => Response.json({ id: "c", choices: [] }), {
      baseURL: "http://gateway.test/v1",
      defaultQuery: { "api-version": "2024-10-01" },
    });
    await gw.chat.completions.create(hello);
    expect(calls.map((c) => c.url)).toEqual([
      "http://gateway.test/v1/chat/completions?api-version=2024-10-01",
    ]);
  });
});
