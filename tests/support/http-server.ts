/**
 * A node:http server on loopback for one test, answering with the test's own handler (a hostile or
 * slow gateway written by hand, a proxy): closed when the test ends, its open sockets destroyed (a
 * handler that never answers must not keep the test file alive). `seen` lists the paths requested.
 * A test that runs concurrently with others passes its context's `onTestFinished` (vitest's global
 * one would close the server when the test that started last ends).
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { onTestFinished } from "vitest";

export interface TestServer {
  url: string;
  server: http.Server;
  /** The request paths, in order. */
  seen: string[];
  /** Destroyed when the test ends: add the sockets a handler opens itself (a proxy's tunnels). */
  track(socket: Socket): void;
}

export async function httpServer(
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  finished: typeof onTestFinished = onTestFinished,
): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const seen: string[] = [];
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  };
  const server = http.createServer((req, res) => {
    seen.push(req.url ?? "");
    handle(req, res);
  });
  server.on("connection", track);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  finished(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen, track };
}
