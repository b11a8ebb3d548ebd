/**
 * genway mock: the built-in mock gateway on loopback, until Ctrl-C; or, with --print-env, in a
 * detached background process, printing `export` lines so `eval "$(genway mock --print-env)"`
 * returns at once and the shell is set up.
 */
import { spawn } from "node:child_process";
import { createMockGateway } from "../../../mock/index.js";
import { InputError, number } from "../args.js";
import type { Command, CommandContext } from "../command.js";
import { print, printJson } from "../output.js";

export const mock: Command = {
  name: "mock",
  offline: true,
  summary: "start the built-in mock gateway on loopback and print its URL and a key",
  usage: "genway mock [--port N] [--print-env]",
  options: { port: { type: "string" }, "print-env": { type: "boolean" } },
  help: [
    "--port N listens on that port (default: a free one). Runs until Ctrl-C (or SIGTERM).",
    "--print-env starts it in the background and prints export lines for eval, with its pid:",
    '  eval "$(npx genway mock --print-env)"   # sets GENWAY_BASE_URL, GENWAY_API_KEY, GENWAY_MOCK_PID',
    '  kill "$GENWAY_MOCK_PID"                 # stops it',
  ].join("\n"),
  async run(context) {
    const { values, signal, stdout, json } = context;
    const port = number(values, "port", { integer: true, minimum: 0, maximum: 65535 }) ?? 0;
    if (values["print-env"]) return background(port, context);
    const gateway = createMockGateway({ streamDelayMs: 10 });
    const server = await gateway.listen(port).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") throw new InputError(`--port ${port} is already in use`);
      throw error;
    });
    if (json)
      print(stdout, `${JSON.stringify({ url: server.url, apiKey: gateway.apiKey, pid: process.pid })}\n`);
    else {
      print(stdout, `mock gateway listening on ${server.url} (Ctrl-C stops it)\n`);
      print(stdout, `export GENWAY_BASE_URL=${server.url}\nexport GENWAY_API_KEY=${gateway.apiKey}\n`);
    }
    await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    await server.close();
  },
};

/**
 * Starts `genway mock --json` as a detached child (its own session: closing the terminal or the
 * eval's pipe does not stop it), reads the one line it prints, lets go of it and prints the env.
 */
async function background(port: number, { stdout, json }: CommandContext): Promise<void> {
  const child = spawn(process.execPath, [process.argv[1]!, "mock", "--json", "--port", String(port)], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr?.on("data", (d) => (err += d));
  const line = await new Promise<string | undefined>((resolve) => {
    child.stdout?.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.slice(0, out.indexOf("\n")));
    });
    child.once("exit", () => resolve(undefined));
    child.once("error", () => resolve(undefined));
  });
  child.stdout?.destroy();
  child.stderr?.destroy();
  child.unref();
  if (line === undefined)
    throw new InputError(
      err
        .trim()
        .split("\n")[0]
        ?.replace(/^genway mock: /, "") || "the mock gateway did not start",
    );
  const { url, apiKey, pid } = JSON.parse(line) as { url: string; apiKey: string; pid: number };
  if (json) return printJson(stdout, { url, apiKey, pid });
  print(
    stdout,
    `export GENWAY_BASE_URL=${url}\nexport GENWAY_API_KEY=${apiKey}\nexport GENWAY_MOCK_PID=${pid}\n` +
      `# the mock gateway runs in the background (pid ${pid}); stop it with: kill ${pid}\n`,
  );
}
