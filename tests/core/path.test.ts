/** Ids go into a URL path as one encoded segment; ids that would name another resource never leave. */
import { describe, expect, it } from "vitest";
import { path } from "../../src/core/http/path.js";
import { ValidationError } from "../../src/index.js";

describe("path", () => {
  it("percent-encodes each interpolated value as one segment", () => {
    expect(path`/v2/videos/generations/${"a b?c#d%"}`).toBe("/v2/videos/generations/a%20b%3Fc%23d%25");
    expect(path`/musicgen/feed/${"x,y"},${"z"}`).toBe("/musicgen/feed/x%2Cy,z");
  });

  it.each([
    ["", "must not be empty"],
    [".", 'must not be "."'],
    ["..", 'must not be ".."'],
    ["a/b", "must not contain a slash"],
    ["..\\x", "must not contain a slash"],
  ])("refuses %j with a ValidationError naming the path", (id, message) => {
    const error = (() => {
      try {
        path`/v2/videos/generations/${id}`;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      `Invalid /v2/videos/generations/{id} request: id: ${message}`,
    );
  });

  it("names which id is wrong when a path holds several", () => {
    expect(() => path`/musicgen/feed/${"ok"},${".."}`).toThrow(/id 2: must not be "\.\."/);
  });
});
