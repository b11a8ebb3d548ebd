/** The mock gateway on a real loopback socket, for end-to-end tests, browsers, the CLI and the demo. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { RESET, type ResetPoint } from "./http.js";

/**
 * The mock gateway listening on a loopback port. `await using server = await mock.listen()` closes
 * it when the scope ends (a script that leaves it open never exits).
 */
export interface MockServer {
  url: string;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
  /** The same as `close()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

export async function serve(
  handle: (request: Request) => Promise<Response>,
  port: number,
  host: string,
): Promise<MockServer> {
  const server = createServer((req, res) => {
    respond(handle, req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://${shownHost}:${address.port}`, close, [Symbol.asyncDispose]: close };
}

/** Any origin may call the mock and read the ids and retry hints the client reports. */
const CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers":
    "x-oneapi-request-id, x-request-id, request-id, retry-after, retry-after-ms",
};

async function respond(
  handle: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  // Browsers on another origin (the runtime matrix, apps using dangerouslyAllowBrowser) preflight first.
  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      ...CORS,
      "access-control-allow-methods": "GET, POST, PUT, DELETE",
      "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
      "access-control-max-age": "600",
    });
    res.end();
    return;
  }
  const controller = new AbortController();
  // The client went away before we finished: stop producing (stalled streams end too).
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    signal: controller.signal,
    duplex: "half",
  } as RequestInit);
  const response = await handle(request);
  const reset = (response as { [RESET]?: ResetPoint })[RESET];
  if (reset === "before-headers") {
    req.socket.destroy();
    return;
  }
  const headers: Record<string, string> = { ...CORS };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.flushHeaders();
  if (reset === "after-headers") {
    res.socket?.destroy();
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  controller.signal.addEventListener("abort", () => reader.cancel().catch(() => {}), { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Respect backpressure so a slow client bounds the server's memory too.
      if (!res.write(value)) await new Promise((resolve) => res.once("drain", resolve));
    }
    res.end();
  } catch {
    // A body that errors is a connection reset mid-body.
    res.destroy();
  }
}
