// The page Chromium loads: imports the browser bundle of the packed package (mapped to "genway" by
// the page's import map), streams an answer into the page, shows the refusal, then runs the shared
// scenario and leaves the result on window.
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
  show("checks", checks.map((c) => `${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`).join("\n"));
  window.matrixResult = checks;
} catch (error) {
  show("checks", String(error?.stack ?? error));
  window.matrixResult = [{ name: "page", ok: false, ms: 0, detail: String(error?.stack ?? error) }];
}
