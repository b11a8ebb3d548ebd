// The committed lockfile must be complete: every optional dependency that any locked package
// declares (the platform binaries of biome, rollup, esbuild, oxc, msgpackr, ...) is locked too,
// whatever platform wrote the file.
//
// Why: npm drops an optional dependency from the tree and the lockfile, silently and with exit 0,
// when the registry it installs from cannot serve that package's metadata (a mirror holding only
// the packages someone fetched before; reproduced with a proxy answering 404 for
// @biomejs/cli-darwin-*: `npm install` wrote a lockfile without them and said nothing). A lockfile
// written that way is rewritten by the next fresh install against a full registry (CI's "tree
// unchanged" step then fails on every new machine). This check catches such a lockfile before it
// is committed, whichever way it lost its entries (a partial registry, --omit=optional with an
// old npm, a hand edit). Fix: regenerate it from a fresh clone with an empty cache
// (scripts/fresh-clone-check.sh --write-lockfile).
import { readFileSync } from "node:fs";

const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
const packages = lock.packages ?? {};

/** Node's resolution inside the lockfile: from the dependent's folder up to the root. */
function resolves(from, name) {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(path, name)) missing.push(`${path || "(root)"} -> ${name}`);
  }
}
if (lock.lockfileVersion !== 3) missing.push(`lockfileVersion is ${lock.lockfileVersion}, expected 3`);

if (missing.length > 0) {
  console.error(
    `package-lock.json is incomplete: ${missing.length} optional dependencies are not locked, so a fresh npm install on another machine rewrites it:\n  ${missing.slice(0, 20).join("\n  ")}${missing.length > 20 ? `\n  ... and ${missing.length - 20} more` : ""}\nRegenerate it with scripts/fresh-clone-check.sh --write-lockfile (a fresh clone, an empty npm cache, the full registry).`,
  );
  process.exit(1);
}
console.log(
  `package-lock.json: complete (${Object.keys(packages).length} entries, every optional dependency locked)`,
);
