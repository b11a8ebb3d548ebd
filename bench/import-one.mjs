// One cold import in a fresh process: node bench/import-one.mjs <specifier>
// Prints {"wall", "cpu"}: the milliseconds `await import(specifier)` took (resolution, loading,
// evaluation), as wall time and as this process's CPU time (user + system).
const specifier = process.argv[2];
const cpu = process.cpuUsage();
const start = performance.now();
await import(specifier);
const wall = performance.now() - start;
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 })}\n`);
