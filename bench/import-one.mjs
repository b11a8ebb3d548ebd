// One cold import in a fresh process: node bench/import-one.mjs <specifier>
// Prints the milliseconds `await import(specifier)` took (resolution, loading, evaluation).
const specifier = process.argv[2];
const start = performance.now();
await import(specifier);
process.stdout.write(`${performance.now() - start}\n`);
