// The page Chromium loads: imports the browser bundle of the packed package (mapped to "genway" by
// the page's import map), streams an answer into the page, shows the refusal, runs the shared
// scenario, reads its own origin's server route (runners/browser.mjs), and leaves the result on window.
import * as genway from "genway";
import { scenario } from "../scenario.mjs";

const query = new URLSearchParams(location.search);
const baseURL = query.get("gateway");
const apiKey = query.get("key");
const show = (id, text) => {
  document.getElementById(id).textContent = text;
};

try {
  const gw = new genway.default({ baseURL, apiKey, dangerouslyAllowBrowser: true });
  const stream = await gw.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [{ role: "user", content: "Hello from Chromium!" }],
    stream: true,
  });
  let answer = "";
  for await (const delta of stream.text()) show("answer", (answer += delta));
  try {
    new genway.default({ baseURL, apiKey });
    show("refusal", "(no refusal!)");
  } catch (error) {
    show("refusal", `${error.name}: ${error.message}`);
  }
  const checks = await scenario(genway, { baseURL, apiKey, browser: true });
  checks.push(...(await serverRoute()));
  show("checks", checks.map((c) => `${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`).join("\n"));
  window.matrixResult = checks;
} catch (error) {
  show("checks", String(error?.stack ?? error));
  window.matrixResult = [{ name: "page", ok: false, ms: 0, detail: String(error?.stack ?? error) }];
}

/**
 * The page's side of a server route's stream: the body rebuilt into the typed stream, its final
 * text shown; then a stream left after three events, which must close the route's request upstream.
 */
async function serverRoute() {
  const checks = [];
  const check = async (name, run) => {
    const started = Date.now();
    try {
      const detail = String(await run());
      checks.push({ name, ok: true, ms: Date.now() - started, detail });
    } catch (error) {
      checks.push({ name, ok: false, ms: Date.now() - started, detail: String(error?.stack ?? error) });
    }
  };
  await check("server route (SSE) rebuilt in the page", async () => {
    const response = await fetch(`/api/chat?prompt=${encodeURIComponent("Hello from a server route!")}`);
    const [deltas, whole] = genway.ChatCompletionStream.fromReadableStream(response.body).tee();
    let text = "";
    for await (const delta of deltas.text()) text += delta;
    const completion = await whole.finalCompletion();
    const final = completion.choices[0].message.content;
    const reasoning = genway.reasoningText(completion);
    if (text !== final || !reasoning)
      throw new Error(`text ${JSON.stringify(text)}, final ${JSON.stringify(final)}`);
    show("rebuilt", final);
    show("reasoning", reasoning);
    return `${text.length} chars, ${reasoning.length} chars of reasoning`;
  });
  await check("leaving the route's stream closes its request upstream", async () => {
    const response = await fetch(
      `/api/chat?slow&prompt=${encodeURIComponent("one two three four five six seven eight")}`,
    );
    const stream = genway.ChatCompletionStream.fromReadableStream(response.body);
    let events = 0;
    for await (const _ of stream) if (++events === 3) break;
    const started = Date.now();
    while (Date.now() - started < 5000) {
      const { aborted } = await (await fetch("/api/chat/aborted")).json();
      if (aborted) return `upstream closed ${Date.now() - started} ms after the page left`;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("the route's request upstream was still open 5 s after the page left");
  });
  return checks;
}
