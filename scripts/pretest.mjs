// Runs before `npm test`: what the test suite needs on this machine, set up or named in one line.
// - Node >= 24: npm scripts run on the Node 24 from devDependencies (vitest 5 and msw 3 need it); a
//   bare shell here may have Node 20, so fail loudly instead of with odd errors later.
// - redis-server: the queue tests start a real one. When it is missing, install it where that is
//   possible without asking (root with apt-get, as on CI and this project's machines), saying what
//   runs; otherwise stop before the run with the one command to type. A missing Redis is never a
//   wall of failing queue tests, and never a silent skip.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const fail = (line) => {
  console.error(`npm test: ${line}`);
  process.exit(1);
};

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  fail(
    existsSync(new URL("../node_modules/node/package.json", import.meta.url))
      ? `genway's tooling needs Node >= 24, got ${process.version}. Run it through npm (npm test, npm run ...), which uses the node devDependency.`
      : `the dependencies are not installed (genway's tooling runs on the Node 24 they bring): run npm install (or npm start) first.`,
  );
}

const has = (command) => !spawnSync(command, ["--version"], { stdio: "ignore" }).error;
if (!has("redis-server")) {
  const install = "apt-get update -qq && apt-get install -y -qq redis-server";
  const root = process.getuid?.() === 0;
  if (!root || !has("apt-get")) {
    fail(
      `the queue tests need redis-server, which is not installed: run \`sudo sh -c '${install}'\` (Debian/Ubuntu) or \`brew install redis\` (macOS), then npm test again.`,
    );
  }
  console.log(`npm test: redis-server is missing; installing it for the queue tests: ${install}`);
  const run = spawnSync("sh", ["-c", install], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (run.status !== 0 || !has("redis-server")) {
    fail(
      `installing redis-server failed (exit ${run.status}); run \`${install}\` yourself, then npm test again.`,
    );
  }
}
