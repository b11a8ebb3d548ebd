#!/usr/bin/env node
/** The genway command. Minimal until the CLI issue grows it: `demo` and `mock`. */
import { createMockGateway } from "../testing/index.js";
import { runDemo } from "./demo.js";

const [command = "help"] = process.argv.slice(2);

if (command === "demo") {
  await runDemo();
} else if (command === "mock") {
  const mock = createMockGateway();
  const server = await mock.listen(Number(process.env.PORT ?? 0));
  console.log(`mock gateway listening on ${server.url}\nGENWAY_BASE_URL=${server.url}\nGENWAY_API_KEY=${mock.apiKey}`);
} else {
  console.log("usage: genway <demo|mock>");
  process.exitCode = command === "help" || command === "--help" ? 0 : 2;
}
