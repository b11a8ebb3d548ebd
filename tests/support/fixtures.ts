/**
 * Upstream captures (see shared/upstream/README.md for provenance), copied verbatim into a test
 * folder's fixtures/ so that the suite stands alone.
 */
import { readFileSync } from "node:fs";

/** A capture from a test folder's fixtures/, as text. */
export function fixture(folder: URL, name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, folder), "utf8");
}

/** A chat-format capture, from tests/resources/<family>/fixtures/. */
export function capture(family: "chat" | "messages" | "responses" | "native", name: string): string {
  return fixture(new URL(`../resources/${family}/`, import.meta.url), name);
}

/** A JSON capture from tests/compat/fixtures/. */
export function compatCapture<T = Record<string, any>>(name: string): T {
  return JSON.parse(fixture(new URL("../compat/", import.meta.url), name)) as T;
}
