// A real Chromium (Debian's, driven by playwright-core): the page is served from one loopback
// origin and calls the mock gateway on another, so CORS and the browser refusal are both exercised.
// The page's origin also has a server route (/api/chat), as an app's would: the installed genway
// streams a chat answer from the gateway to the page as server-sent events, and the page rebuilds
// the typed stream with ChatCompletionStream.fromReadableStream; a page that leaves mid-way must
// close the route's request upstream (/api/chat/aborted says whether it did).
import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import * as esbuild from "esbuild";
import Genway from "genway";
import { createMockGateway } from "genway/testing";
import { chromium } from "playwright-core";
import { expectSplitBuild, RESULT_PREFIX } from "../scenario.mjs";

// The route's clients: the matrix's gateway, and a slow one (a frame every 40 ms), so that the
// page can leave while the answer is still streaming.
const slowMock = createMockGateway({ streamDelayMs: 40 });
const slowGateway = await slowMock.listen();
const clients = {
  fast: new Genway({ baseURL: process.env.GENWAY_BASE_URL, apiKey: process.env.GENWAY_API_KEY }),
  slow: new Genway({ baseURL: slowGateway.url, apiKey: slowMock.apiKey }),
};
/** The route's last stream: whether the page leaving closed its request upstream. */
let routed;

/** GET /api/chat?prompt=...[&slow]: a thinking model's answer, as server-sent events. */
async function chatRoute(url, res) {
  const gw = url.searchParams.has("slow") ? clients.slow : clients.fast;
  routed = await gw.chat.completions.create({
    model: "deepseek-reasoner",
    messages: [{ role: "user", content: url.searchParams.get("prompt") ?? "Hello" }],
    stream: true,
  });
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  const reader = routed.toReadableStream({ format: "sse" }).getReader();
  // The page went away: cancel the body, which closes the request upstream.
  res.on("close", () => reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true }));
    if (done) break;
    res.write(value);
  }
  res.end();
}

// The browser bundle: what a bundler makes of the package for a web app.
const { metafile } = await esbuild.build({
  stdin: { contents: 'export * from "genway"; export { default } from "genway";', resolveDir: "." },
  bundle: true,
  format: "esm",
  platform: "browser",
  minify: true,
  outfile: "genway.browser.js",
  metafile: true,
});
expectSplitBuild(metafile);

// Served from the scratch project's root; only these files.
const FILES = ["/runners/page.html", "/runners/page.mjs", "/scenario.mjs", "/genway.browser.js"];
const site = createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  const path = url.pathname;
  if (path === "/api/chat") return chatRoute(url, res);
  if (path === "/api/chat/aborted") {
    const aborted = routed?.controller.signal.aborted === true;
    return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ aborted }));
  }
  const file = FILES.includes(path) ? `.${path}` : undefined;
  if (!file) return res.writeHead(req.url === "/favicon.ico" ? 204 : 404).end();
  const type = file.endsWith(".html") ? "text/html" : "text/javascript";
  res.writeHead(200, { "content-type": `${type}; charset=utf-8` }).end(await readFile(file));
});
await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
const pageOrigin = `http://127.0.0.1:${site.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const page = await browser.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") console.error(`console: ${message.text()}`);
  });
  const query = new URLSearchParams({
    gateway: process.env.GENWAY_BASE_URL,
    key: process.env.GENWAY_API_KEY,
  });
  await page.goto(`${pageOrigin}/runners/page.html?${query}`);
  await page.waitForFunction(() => window.matrixResult, undefined, { timeout: 30_000 });
  const checks = await page.evaluate(() => window.matrixResult);
  const answer = await page.textContent("#answer");
  const refusal = await page.textContent("#refusal");
  const rebuilt = await page.textContent("#rebuilt");
  checks.push({
    name: "page shows answer and refusal",
    ok: answer.length > 0 && /dangerouslyAllowBrowser/.test(refusal),
    ms: 0,
    detail: `answer ${JSON.stringify(answer.slice(0, 40))}; refusal ${JSON.stringify(refusal.slice(0, 60))}`,
  });
  checks.push({
    name: "page shows the route's rebuilt final text",
    ok: /^Hello from the genway mock gateway!/.test(rebuilt),
    ms: 0,
    detail: JSON.stringify(rebuilt.slice(0, 60)),
  });
  await writeFile("chromium.png", await page.screenshot({ fullPage: true }));
  console.log(RESULT_PREFIX + JSON.stringify(checks));
} finally {
  await browser.close();
  site.close();
  await slowGateway.close();
}
