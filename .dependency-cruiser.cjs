/**
 * The rules of the house (docs/architecture.md), checked by `npm run lint`:
 * core knows HTTP, not the API families; a family never reaches into another; Node built-ins stay at
 * the edges (node/, cli/, the mock's server adapter); nothing imports in a circle.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: two modules that cannot be understood (or loaded) one without the other.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "core-knows-no-family",
      severity: "error",
      comment:
        "core/ is the HTTP, stream, task and upload machinery; it must not import the families or the edges.",
      from: { path: "^src/core/" },
      to: {
        path: "^src/(resources|money|cli|node|entries|lib|client(-options|-money)?\\.ts|index\\.ts)|^mock/",
      },
    },
    {
      name: "core-shared-is-the-ground-floor",
      severity: "error",
      comment:
        "core/shared/ (redaction, logging, env, request ids, Retry-After, clocks) is what every room stands on: it imports no other room.",
      from: { path: "^src/core/shared/" },
      to: { path: "^src/core/", pathNot: "^src/core/shared/" },
    },
    {
      name: "core-rooms-below-http-do-not-import-it",
      severity: "error",
      comment:
        "errors/ and validation/ sit below http/ (http/ decodes errors and checks options with them): an arrow back up is a circle in the making.",
      from: { path: "^src/core/(shared|errors|validation)/" },
      to: { path: "^src/core/http/" },
    },
    {
      name: "http-does-not-import-the-rooms-above-it",
      severity: "error",
      comment:
        "streams/, uploads/ and tasks/ read connections that http/ opens; http/ names their types at most (type-only imports).",
      from: { path: "^src/core/http/" },
      to: { path: "^src/core/(streams|uploads|tasks)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "money-loads-when-first-needed",
      severity: "error",
      comment:
        "Pay only for what you use: the client loads money (prices, metering, budgets, totals) with a dynamic import when it first asks for it (src/client-money.ts), so a plain client's bundle and import carry none of it. Only the model catalog (models.ts: which family an id is in), which validation reads, may be imported statically.",
      from: { path: "^src/(client(-options|-money)?\\.ts|entries/|resources/|lib/)" },
      to: {
        path: "^src/money/",
        pathNot: "^src/money/models\\.ts$",
        dependencyTypesNot: ["type-only", "type-import", "dynamic-import"],
      },
    },
    {
      name: "arrows-point-down",
      severity: "error",
      comment:
        "The library's floors, top to bottom: src/index.ts; the client (client.ts, client-options.ts, client-money.ts) and the entries; the families (resources/) and money beside them; lib/; limits.ts; core/. The families, money, lib and limits never import the client or an entry.",
      from: { path: "^src/(resources|money|lib)/|^src/limits\\.ts$" },
      to: { path: "^src/(index\\.ts|client(-options|-money)?\\.ts|entries/)" },
    },
    {
      name: "limits-and-lib-stand-below-the-families",
      severity: "error",
      comment:
        "limits.ts (every bound, and the closed lists they name) and lib/ are read by the families; an import of a family or of money from them runs back up a floor. A family's models.ts re-exports its closed lists from limits.ts.",
      from: { path: "^src/lib/|^src/limits\\.ts$" },
      to: { path: "^src/(resources|money)/" },
    },
    {
      name: "family-stays-in-its-folder",
      severity: "error",
      comment: "A resource family never imports another family: shared logic belongs in core/.",
      from: { path: "^src/resources/([^/]+)/" },
      to: { path: "^src/resources/", pathNot: "^src/resources/$1/" },
    },
    {
      name: "library-imports-no-edges",
      severity: "error",
      comment:
        "The library (core, resources, pricing, the client) never imports the CLI, the mock or node helpers.",
      from: { path: "^src/(core|resources|money|entries|lib|client(-options|-money)?\\.ts|index\\.ts)" },
      to: { path: "^src/(cli|node)/|^mock/" },
    },
    {
      name: "the-mock-uses-only-what-a-user-could-import",
      severity: "error",
      comment:
        "The mock gateway (genway/testing) is a product of its own: it reaches the client only through genway's public surface (src/index.ts), never its internals. A mock that shares the SDK's code agrees with it by construction.",
      from: { path: "^mock/", pathNot: "^mock/tests/" },
      to: { path: "^src/", pathNot: "^src/index\\.ts$" },
    },
    {
      name: "node-builtins-at-the-edges",
      severity: "error",
      comment:
        "Node built-ins only in node/, cli/ and the mock's server adapter: the library runs in browsers, Deno, Bun and Workers.",
      from: { path: "^src/|^mock/", pathNot: "^src/(node|cli)/|^mock/server\\.ts$|^mock/tests/" },
      to: { dependencyTypes: ["core"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "types", "default"] },
  },
};
