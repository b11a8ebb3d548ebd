/** genway mock: the built-in mock gateway on loopback, until Ctrl-C. */
import { createMockGateway } from "../../testing/index.js";
import type { Command } from "../command.js";

export const mock: Command = {
  name: "mock",
  summary: "start the built-in mock gateway on loopback and print its URL and a key",
  usage: "genway mock [--port N]",
  options: { port: { type: "string" } },
  async run({ values, signal, stdout, json }) {
    const gateway = createMockGateway({ streamDelayMs: 10 });
    const server = await gateway.listen(Number(values.port ?? 0));
    if (json) stdout.write(`${JSON.stringify({ url: server.url, apiKey: gateway.apiKey })}\n`);
    else {
      stdout.write(`mock gateway listening on ${server.url}\n`);
      stdout.write(`export GENWAY_BASE_URL=${server.url}\nexport GENWAY_API_KEY=${gateway.apiKey}\n`);
    }
    await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    await server.close();
  },
};
