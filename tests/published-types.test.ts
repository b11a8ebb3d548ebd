/**
 * What an editor shows a user of the package: the doc comments of the published type declarations
 * (dist/**\/*.d.ts, built by `npm run test:first-hour`). They carry what a user needs, never notes
 * for genway's contributors: a path of the repository or a source file ("see core/streams/tee.ts"),
 * a microbenchmark figure ("measured: 0.27-0.44 µs"), a tracker number. Such a note belongs in a
 * `//` comment, which declarations leave out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const DIST = join(import.meta.dirname, "..", "dist");

/** What a contributor note looks like, and what it is called. */
const NOTES: Array<[RegExp, string]> = [
  [/(?<![\w.-])(src|tests|mock|bench|scripts|matrix|shared|examples)\/[\w./*-]*/, "a path of the repository"],
  [/(?<![\w/.-])(core|resources|money|lib|entries|cli|queue|otel)\/[\w-]+(\/[\w.-]+)*/, "a source folder"],
  [/\b[\w-]+\.(ts|mts|mjs|cjs)\b(?<!\.d\.ts)/, "a source file"],
  [/\d[\d.,-]*\s*(µs|ns)\b|\bmeasured: /, "a microbenchmark figure"],
  [/\bissue \d+/i, "a tracker number"],
];

/** Every doc comment of the published declarations, with the file it is in. */
function docComments(): Array<{ file: string; text: string }> {
  const files = readdirSync(DIST, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".d.ts"));
  return files.flatMap((file) =>
    [...readFileSync(join(DIST, file), "utf8").matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({
      file,
      text: m[0],
    })),
  );
}

describe("the published .d.ts", () => {
  const comments = docComments();

  it("has declarations with doc comments to check", () => {
    expect(comments.length).toBeGreaterThan(500);
  });

  it("F9: carries no contributor note in a doc comment: no repository path, source file, µs figure or tracker number", () => {
    const notes = comments.flatMap(({ file, text }) =>
      NOTES.filter(([pattern]) => pattern.test(text)).map(
        ([pattern, what]) =>
          `${file}: ${what} (${pattern.exec(text)![0]}) in ${text.replace(/\s+/g, " ").slice(0, 120)}`,
      ),
    );
    expect(notes).toEqual([]);
  });

  it("the check finds such a note (the rules are not blind)", () => {
    const planted = "/** up to MAX_TEE_LAG events apart (see core/streams/tee.ts; measured: 0.27-0.44 µs) */";
    expect(NOTES.filter(([pattern]) => pattern.test(planted)).map(([, what]) => what)).toEqual([
      "a source folder",
      "a source file",
      "a microbenchmark figure",
    ]);
  });
});
