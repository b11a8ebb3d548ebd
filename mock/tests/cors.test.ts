/** The loopback mock answers browsers on other origins (the runtime matrix's Chromium page relies on it). */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../index.js";

describe("mock gateway over HTTP: CORS", () => {
  it("answers a preflight with the methods and the headers the browser asked for", async () => {
    const mock = createMockGateway();
    const server = await mock.listen();
    try {
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: "OPTIONS",
        headers: {
          origin: "http://127.0.0.1:1",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization,content-type",
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-methods")).toContain("POST");
      expect(response.headers.get("access-control-allow-headers")).toBe("authorization,content-type");
      expect(mock.requests).toHaveLength(0); // a preflight is not a gateway request
    } finally {
      await server.close();
    }
  });

  it("lets the page read the request id of answers and errors", async () => {
    const mock = createMockGateway();
    const server = await mock.listen();
    try {
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: "Bearer sk-wrong", "content-type": "application/json" },
        body: "{}",
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      // The relay's own id (an error is the relay's own answer: no upstream id beside it).
      expect(response.headers.get("access-control-expose-headers")).toContain("x-oneapi-request-id");
      expect(response.headers.get("x-oneapi-request-id")).toMatch(/^mock-req-/);
    } finally {
      await server.close();
    }
  });
});
