/**
 * Comments that last: what src/, mock/ and tests/ say about where a behaviour comes from still holds
 * after the upstream and the tracker move on.
 *
 * - The relay's source is cited by file and function or type (new-api at the commit
 *   docs/architecture.md names, unless the comment names another), never by line numbers, which
 *   go stale with the next upstream edit: "router/video-router.go, SetVideoRouter", not the file
 *   with a range of lines. A permalink (`/blob/<commit>/file.go#L12`) pins its lines and is fine.
 * - No tracker numbers ("issue 12"): a comment or a test name says what the code or test is about.
 *   A review's defect id (E1, S2, F6, D12) names a defect in a review that ships with the
 *   project's history, and is welcome in a test's name.
 *
 * A comment continued over several lines is read as one text, so a citation broken after the file
 * name is found too.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const FOLDERS = ["src", "mock", "tests"];
/** This file: its patterns, not citations. */
const SELF = relative(ROOT, import.meta.filename);

/**
 * A Go file followed by line numbers: `x.go 34-42`, `x.go:92`, `x.go, lines 25-30`, `x.go#L12`, or a
 * function between them (`x.go PingData 110-123`).
 */
const GO_LINES = /\.go\b(?:,?\s*(?:lines?\s*|#?L)|:|\s+(?:[A-Za-z_][\w.]*\s+)?)\d+(?:-\d+)?\b/g;
/** A permalink: its lines are those of one commit for good. */
const PERMALINK = /\/blob\/[0-9a-f]{7,40}\/\S*$/;
const TRACKER = /\bissues?\s+#?\d+/gi;

async function files(folder: string): Promise<string[]> {
  const entries = await readdir(join(ROOT, folder), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => path !== SELF);
}

/**
 * The text with each line's comment marker (`*`, `//`, an SSE comment's `:`) and indentation
 * removed and the lines joined by spaces, and where each line starts in it.
 */
function flattened(text: string): { flat: string; starts: number[] } {
  const starts: number[] = [];
  let flat = "";
  for (const [index, line] of text.split("\n").entries()) {
    const body = index === 0 ? line : line.replace(/^\s*(?:\*(?!\/)|\/\/|:)?\s*/, "");
    if (index > 0) flat += " ";
    starts.push(flat.length);
    flat += body;
  }
  return { flat, starts };
}

/** `path:line: match` for each line-number citation and tracker number in `text`. */
function findings(path: string, text: string): string[] {
  const { flat, starts } = flattened(text);
  const lineOf = (offset: number) => starts.findLastIndex((start) => start <= offset) + 1;
  const found: string[] = [];
  for (const match of flat.matchAll(GO_LINES)) {
    const token = flat.slice(flat.lastIndexOf(" ", match.index) + 1, match.index + match[0].length);
    if (!PERMALINK.test(token)) found.push(`${path}:${lineOf(match.index)}: ${match[0]}`);
  }
  for (const match of flat.matchAll(TRACKER)) found.push(`${path}:${lineOf(match.index)}: ${match[0]}`);
  return found;
}

describe("comments that last", () => {
  it("the checks find each form of a line-number citation and of a tracker number", () => {
    const go = (rest: string) => `router/video-router${".go"}${rest}`;
    const cases = [
      `// (${go(" 34-42")})`,
      `// ${go(":34")}`,
      `// ${go(", lines 25-30 and 52")}`,
      `// ${go("#L34")}`,
      ` * relay/helper/common${".go"} PingData 110-123`,
      ` * (relay/channel/openai/relay-openai${".go"}\n * 168-194)`,
      `/** (${"issue"} 19, defect 3) */`,
      `describe("errors (${"Issue"} 30 item 6)", () => {});`,
    ];
    for (const text of cases) expect(findings("x.ts", text), text).toHaveLength(1);
    const lasting = [
      `// (new-api 116255f07 ${go(", SetVideoRouter")})`,
      `// ${go(" SetVideoRouter")}: text2video and image2video`,
      ` * (service/token_estimator${".go"}, counts 0.85-1.21)`,
      ` * https://github.com/QuantumNous/new-api/blob/116255f07/${go("#L34-L42")}`,
      `it("E1: the issue a review found", () => {});`,
    ];
    for (const text of lasting) expect(findings("x.ts", text), text).toEqual([]);
  });

  it("src/, mock/ and tests/ cite the relay by file and function, and name no tracker number", async () => {
    const found: string[] = [];
    for (const folder of FOLDERS) {
      for (const path of await files(folder))
        found.push(...findings(path, await readFile(join(ROOT, path), "utf8")));
    }
    expect(found).toEqual([]);
  });
});
