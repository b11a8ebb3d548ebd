/**
 * Packs genway as npm would publish it into a folder of the caller's (never the repository itself,
 * where a genway-*.tgz the user keeps would be overwritten) and returns the tarball's path. It packs
 * the dist/ that is there: --ignore-scripts, because prepack would build again and its build log on
 * stdout would mix with the JSON read here. Used by `npm run check:package`, the runtime matrix and
 * the first-hour test.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

/** The path of the tarball packed into `destination` (an existing folder). */
export function packInto(destination) {
  const packed = spawnSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", destination], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (packed.status !== 0) throw new Error(`npm pack failed (${packed.status}):\n${packed.stderr}`);
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[")));
  return join(destination, filename);
}
