/**
 * One entry per chat format (genway/chat-completions, /messages, /responses,
 * /native), so an app that speaks one format carries only that one; genway/chat keeps all four.
 * Proved as a user meets it: each entry's client sends its format's request to its path on the
 * mock gateway and has no other format's namespace, the entry exports no other format's helpers,
 * and a bundle of the entry holds no other format's files.
 */
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import ChatClient from "../src/entries/chat.js";
import * as completionsEntry from "../src/entries/chat-completions.js";
import * as messagesEntry from "../src/entries/messages.js";
import * as nativeEntry from "../src/entries/native.js";
import * as responsesEntry from "../src/entries/responses.js";
import { loopback } from "./support/index.js";

const ROOT = join(import.meta.dirname, "..");
const ask = "Say hi";
const NAMESPACES = ["chat", "messages", "responses", "native"] as const;
type Namespace = (typeof NAMESPACES)[number];

/**
 * Each entry: its module and client, the namespace it has, one call of it (its params, how it is
 * sent, the answer's text), where that call goes and the body sent (the params unless told), and its
 * format's helpers and stream class.
 */
const ENTRIES = [
  {
    entry: "chat-completions",
    module: completionsEntry as Record<string, unknown>,
    client: "ChatCompletionsClient",
    namespace: "chat",
    params: { model: "gpt-4o-mini", messages: [{ role: "user", content: ask }] },
    send: (gw: any, params: any) => gw.chat.completions.create(params),
    text: (completion: any) => completion.choices[0]?.message.content,
    path: "/v1/chat/completions",
    own: ["zodResponseFormat", "chatTool", "defineTool", "ChatCompletionStream"],
  },
  {
    entry: "messages",
    module: messagesEntry as Record<string, unknown>,
    client: "MessagesClient",
    namespace: "messages",
    params: { model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: ask }] },
    send: (gw: any, params: any) => gw.messages.create(params),
    text: (message: any) => message.content.find((block: any) => block.type === "text")?.text,
    path: "/v1/messages",
    own: ["zodSchema", "messageTool", "defineTool", "MessageStream"],
  },
  {
    entry: "responses",
    module: responsesEntry as Record<string, unknown>,
    client: "ResponsesClient",
    namespace: "responses",
    params: { model: "gpt-4o-mini", input: ask },
    send: (gw: any, params: any) => gw.responses.create(params),
    text: (response: any) => responsesEntry.outputText(response),
    path: "/v1/responses",
    own: ["zodTextFormat", "responseTool", "defineTool", "ResponseStream"],
  },
  {
    entry: "native",
    module: nativeEntry as Record<string, unknown>,
    client: "NativeClient",
    namespace: "native",
    params: { model: "gemini-2.5-flash", contents: [{ role: "user", parts: [{ text: ask }] }] },
    send: (gw: any, params: any) => gw.native.generateContent(params),
    text: (response: any) => nativeEntry.answerText(response),
    path: "/v1beta/models/gemini-2.5-flash:generateContent",
    // The model goes into the path; the body is the rest.
    body: { contents: [{ role: "user", parts: [{ text: ask }] }] },
    own: ["zodSchema", "nativeTools", "defineTool", "GenerateContentStream"],
  },
] as const;

/** The helpers and stream classes of every format: an entry exports only its own. */
const EVERY_FORMAT = [...new Set(ENTRIES.flatMap((e) => e.own))];

describe.each(ENTRIES)("genway/$entry", (each) => {
  const { entry, module, client, namespace, params, send, text, path, own } = each;
  it("sends its format's request to its path, and has no other format's namespace", async () => {
    const { mock, server } = await loopback();
    const Client = module[client] as new (options: object) => object;
    expect(module.default).toBe(Client);
    const gw = new Client({ apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0 });
    expect(text(await send(gw, params))).toBeTruthy();
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${path}`]);
    expect(mock.requests[0]!.body).toEqual("body" in each ? each.body : params);
    for (const other of NAMESPACES) expect(other in gw, other).toBe(other === namespace);
    expect(JSON.stringify(gw)).not.toContain(mock.apiKey);
  });

  it("exports its own format's helpers and streams, no other format's", () => {
    const exported = EVERY_FORMAT.filter((name) => name in module);
    expect(exported.sort()).toEqual([...own].sort());
  });

  it("bundles no other format's files: a browser bundle of one call holds only its own", async () => {
    const result = await build({
      stdin: {
        contents: `import Client from "./src/entries/${entry}.ts";
export const go = (apiKey) => new Client({ apiKey, baseURL: "http://x" });`,
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      metafile: true,
      logLevel: "silent",
      external: ["zod", "zod/*"],
    });
    // The files whose code is in the bundle (esbuild reads the others, then drops them).
    const [output] = Object.values(result.metafile.outputs);
    const kept = Object.entries(output!.inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0);
    const formats = new Set(
      kept
        .map(([input]) => /^src\/resources\/(chat|messages|responses|native)\//.exec(input)?.[1])
        .filter((format) => format !== undefined),
    );
    expect([...formats]).toEqual([namespace satisfies Namespace]);
  });
});

describe("genway/chat", () => {
  it("keeps all four formats (DESIGN.md: genway/chat is all four chat formats)", async () => {
    const { mock, server } = await loopback();
    const gw = new ChatClient({ apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0 });
    for (const name of NAMESPACES) expect(name in gw, name).toBe(true);
    await gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: ask }],
    });
    await gw.native.generateContent({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: ask }] }],
    });
    expect(mock.requests.map((r) => r.path)).toEqual([
      "/v1/messages",
      "/v1beta/models/gemini-2.5-flash:generateContent",
    ]);
  });
});
