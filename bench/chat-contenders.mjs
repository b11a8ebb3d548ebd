// The three clients every bench process compares, made the same way for each: raw fetch, genway
// (the built dist) and openai-node, all against the server process at `url` with one key and one
// small chat request.
import Genway from "genway";
import OpenAI from "openai";

export const key = "sk-bench-key";
export const params = { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] };
export const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };

/** The clients, and one non-stream chat call by each (raw fetch: POST, text, JSON.parse). */
export function chatContenders(url) {
  // Made as a user makes one: default options (the default log level included).
  const genway = new Genway({ apiKey: key, baseURL: url });
  const openai = new OpenAI({ apiKey: key, baseURL: `${url}/v1` });
  const chat = {
    fetch: async () => {
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: "POST",
        headers,
        body: JSON.stringify(params),
      });
      return JSON.parse(await response.text());
    },
    genway: () => genway.chat.completions.create(params),
    openai: () => openai.chat.completions.create(params),
  };
  return { genway, openai, chat };
}
