/** genway/testing/msw: the mock gateway as msw request handlers (msw is an optional peer dependency). */
import { http } from "msw";
import type { MockGateway } from "./gateway.js";

/** Handlers that answer every request under `baseURL` from the mock gateway. */
export function mswHandlers(gateway: MockGateway, baseURL: string) {
  const base = baseURL.endsWith("/") ? baseURL : `${baseURL}/`;
  return [http.all(`${base}*`, ({ request }) => gateway.handle(request))];
}
