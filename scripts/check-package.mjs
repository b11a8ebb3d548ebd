// npm run check:package: publint and attw on the tarball npm would publish. Packed into a temporary
// folder (scripts/pack.mjs) and removed with it: `attw --pack .` packed into the repository and
// deleted the tarball afterwards, taking a genway-*.tgz the user kept there with it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packInto } from "./pack.mjs";

const folder = mkdtempSync(join(tmpdir(), "genway-check-package-"));
let status = 0;
try {
  const tarball = packInto(folder);
  for (const [command, ...args] of [
    ["publint", "run", tarball, "--strict"],
    ["attw", tarball],
  ]) {
    const run = spawnSync(command, args, { stdio: "inherit" });
    status ||= run.status ?? 1;
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exitCode = status;
