// A real Chromium (Debian's, driven by playwright-core): the page is served from one loopback
// origin and calls the mock gateway on another, so CORS and the browser refusal are both exercised.
import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import * as esbuild from "esbuild";
import { chromium } from "playwright-core";
import { RESULT_PREFIX } from "../scenario.mjs";

// The browser bundle: what a bundler makes of the package for a web app.
await esbuild.build({
  stdin: { contents: 'export * from "genway"; export { default } from "genway";', resolveDir: "." },
  bundle: true,
  format: "esm",
  platform: "browser",
  minify: true,
  outfile: "genway.browser.js",
});

// Served from the scratch project's root; only these files.
const FILES = ["/runners/page.html", "/runners/page.mjs", "/scenario.mjs", "/genway.browser.js"];
const site = createServer(async (req, res) => {
  const path = new URL(req.url, "http://x").pathname;
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
  checks.push({
    name: "page shows answer and refusal",
    ok: answer.length > 0 && /dangerouslyAllowBrowser/.test(refusal),
    ms: 0,
    detail: `answer ${JSON.stringify(answer.slice(0, 40))}; refusal ${JSON.stringify(refusal.slice(0, 60))}`,
  });
  await writeFile("chromium.png", await page.screenshot({ fullPage: true }));
  console.log(RESULT_PREFIX + JSON.stringify(checks));
} finally {
  await browser.close();
  site.close();
}
