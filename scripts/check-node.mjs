// npm scripts must run on the Node 24 from devDependencies (vitest 5 and msw 3 need it);
// a bare shell on this machine has Node 20, so fail loudly instead of with odd errors.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `genway's tooling needs Node >= 24, got ${process.version}. Run it through npm (npm test, npm run ...), which uses the node devDependency.`,
  );
  process.exit(1);
}
