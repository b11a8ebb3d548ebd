#!/usr/bin/env node
/**
 * A new task family, scaffolded: `node scripts/new-family.mjs <name>` writes every file a family of
 * the gateway needs and adds it to every list that names the families, no more: the files of
 * docs/architecture.md's "a new family" row (tests/new-family.test.ts runs this in a copy of the
 * repository and checks that the files it touched are exactly the row's, then that the copy
 * typechecks and that the tests which list families pass with it).
 *
 * The family it writes is the smallest honest one: a paid submission, POST /<name>/v1/generations
 * -> { task_id }, and its query, GET /<name>/v1/generations/{id}, read into a Task that waits for a
 * result URL; a `prompt` bounded in src/limits.ts, checked by the client and the mock alike. Replace
 * its fields, bounds and routes with the real family's; give it a price (src/money/catalog.ts) and
 * an entry of its own (genway/<name>) where the row says.
 *
 *   node scripts/new-family.mjs vidc           writes the family and lists what it touched
 *   node scripts/new-family.mjs vidc --dry-run lists what it would touch, writes nothing
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const [name, flag] = process.argv.slice(2);
if (!name || !/^[a-z][a-z0-9]*$/.test(name)) {
  console.error("usage: node scripts/new-family.mjs <name> [--dry-run]   (a lower-case name, e.g. vidc)");
  process.exit(2);
}
if (flag !== "--dry-run" && existsSync(join(ROOT, "src/resources", name))) {
  console.error(`src/resources/${name}/ exists already`);
  process.exit(1);
}
const Name = name[0].toUpperCase() + name.slice(1);
const NAME = name.toUpperCase();
const path = `/${name}/v1/generations`;

/** The files it writes: path -> text. */
const created = {
  [`src/resources/${name}/requests.ts`]: `/** What gw.${name}'s methods take. */
import type { ${Name}Model } from "./models.js";

/** A ${name} job: POST ${path}. */
export interface ${Name}CreateParams {
  /** The model id: a known one for autocompletion, or any other string (it is sent as given). */
  model: ${Name}Model;
  /** What to generate. */
  prompt: string;
}
`,
  [`src/resources/${name}/results.ts`]: `/** What gw.${name} answers. */
import type { Task, TaskSnapshot, WaitOptions } from "../../core/tasks/index.js";

/** A finished ${name} job's result. */
export interface ${Name}Result {
  /** The result's URL. */
  output?: string;
}

/** The task kind of a ${name} job and its result: \`pollTask\` on a \`{ kind: "${name}" }\` handle gives a ${Name}Result. */
export interface ${Name}TaskResults {
  ${name}: ${Name}Result;
}

/** A submitted ${name} job: \`wait()\` for it, or store \`JSON.stringify(task)\` and resume it later. */
export type ${Name}Task = Task<${Name}Result>;
/** A ${name} job's state. */
export type ${Name}Snapshot = TaskSnapshot<${Name}Result>;
/** How to wait for a ${name} job. */
export type ${Name}WaitOptions = WaitOptions<${Name}Result>;
`,
  [`src/resources/${name}/models.ts`]: `/** The ${name} model ids. */

/** The known ${name} ids (autocompletion; any id is sent). */
export const ${NAME}_MODELS = ["${name}-1"] as const;

/** A ${name} model id: a known one, or any other string. */
export type ${Name}Model = (typeof ${NAME}_MODELS)[number] | (string & {});
`,
  [`src/resources/${name}/operations.ts`]: `/** POST ${path} and its query, declared once, with the schema a submission must meet. */
import { operation, path } from "../../core/http/index.js";
import { v } from "../../core/validation/index.js";
import { ${name}Limits } from "../../limits.js";
import type { ${Name}CreateParams } from "./requests.js";

/** @internal (exported for its type test in tests/types) What a submission must hold. */
export const createParams = v.object({ model: v.text(), prompt: v.string(${name}Limits.prompt) });

/** Paid: never repeated unless the gateway certainly did not take it. */
export const CREATE = operation<${Name}CreateParams>({
  name: "${name}.create",
  method: "POST",
  path: "${path}",
  policy: "paid",
  schema: createParams,
});

export const RETRIEVE = operation<string>({
  name: "${name}.retrieve",
  method: "GET",
  path: (id) => path\`${path}/\${id}\`,
  policy: "idempotent",
});
`,
  [`src/resources/${name}/${name}.ts`]: `/** gw.${name}: ${name} jobs (POST ${path}, GET ${path}/{id}). */
import type { APIPromise, RequestOptions, TaskClientContext } from "../../core/http/index.js";
import { CREATE, RETRIEVE } from "./operations.js";
import type { ${Name}CreateParams } from "./requests.js";
import type { ${Name}Result, ${Name}Snapshot, ${Name}Task, ${Name}WaitOptions } from "./results.js";

const KIND = "${name}";

/** \`gw.${name}\`: submit a ${name} job, read it, wait for it. */
export class ${Name} {
  constructor(private readonly client: TaskClientContext) {
    client.taskRegistry.register({
      name: KIND,
      retrieve: (id, options) => client.transport.call(RETRIEVE, id, options),
    });
  }

  /** Submits a job (paid: never repeated unless the gateway certainly did not take it). */
  create(params: ${Name}CreateParams, options?: RequestOptions): APIPromise<${Name}Task> {
    return this.client.taskRegistry.submit<${Name}Result, ${Name}CreateParams>(KIND, CREATE, params, options);
  }

  /** The job's current state; \`result.output\` holds the result's URL once done. */
  retrieve(taskId: string, options?: RequestOptions): APIPromise<${Name}Snapshot> {
    return this.client.taskRegistry.retrieve<${Name}Result>({ kind: KIND, id: taskId }, options);
  }

  /** Polls until the job is done (TaskFailedError if it fails, TaskTimeoutError if time runs out). */
  wait(taskId: string, options?: ${Name}WaitOptions): Promise<${Name}Snapshot> {
    return this.client.taskRegistry.wait<${Name}Result>({ kind: KIND, id: taskId }, options);
  }
}
`,
  [`src/resources/${name}/index.ts`]: `/** gw.${name} namespace. */
export { ${Name} } from "./${name}.js";
export { ${NAME}_MODELS } from "./models.js";
export type * from "./requests.js";
export type * from "./results.js";
`,
  [`src/resources/${name}/family.ts`]: `/** gw.${name} in the family manifest (src/resources/families.ts): what it gives a client. */
import { type Family, type TaskClientContext, taskKinds } from "../../core/http/index.js";
import { ${name}Limits } from "../../limits.js";
import { ${Name} } from "./${name}.js";
import type { ${Name}TaskResults } from "./results.js";

export const family = {
  namespaces: {
    /** ${Name} jobs: \`gw.${name}.create(...)\` (docs/${name}.md). */
    ${name}: (client: TaskClientContext) => new ${Name}(client),
  },
  entries: [],
  kinds: taskKinds<${Name}TaskResults>({ ${name}: true }),
  limits: { ${name}: ${name}Limits },
  prices: [],
} as const satisfies Family<TaskClientContext>;
`,
  [`mock/routes/${name}.ts`]: `/**
 * ${name}: POST ${path} -> {task_id}; GET ${path}/{task_id} -> the flat task record, moving
 * through new-api's words (NOT_START ... SUCCESS, FAILURE) with the result's URL once done.
 */
import { limits } from "../../src/index.js";
import type { Route } from "../context.js";
import { json } from "../http.js";
import { createTask, findTask, newApiStatus, poll } from "../tasks.js";
import { fileURL } from "./files.js";
import { type Rules, rejectBody } from "./task-rules.js";

const RULES: Rules = {
  model: { required: true, type: "string" },
  prompt: { required: true, type: "string", maxLength: limits.${name}.prompt.maxLength },
};

export const ${name}Routes: Route[] = [
  {
    method: "POST",
    pattern: /^\\/${name}\\/v1\\/generations$/,
    handle(context) {
      const rejected = rejectBody(context, RULES);
      if (rejected) return rejected;
      return json({ task_id: createTask(context.state, "${name}", context.body, "${name}-").id });
    },
  },
  {
    method: "GET",
    pattern: /^\\/${name}\\/v1\\/generations\\/(?<id>[^/]+)$/,
    handle(context) {
      const task = findTask(context.state, decodeURIComponent(context.params.id!), "${name}");
      if (!task) return context.fail({ status: 404, message: "task_not_exist", code: "task_not_exist" });
      const view = poll(context.state, task);
      return json({
        task_id: task.id,
        status: newApiStatus(task, view),
        progress: \`\${view.progress}%\`,
        fail_reason: view.phase === "failed" ? task.failure : "",
        data: view.phase === "succeeded" ? { output: fileURL(context.url.origin, \`\${task.id}.mp4\`) } : null,
      });
    },
  },
];
`,
  [`tests/resources/${name}/${name}.test.ts`]: `import { describe, expect, it } from "vitest";
import { limits, ValidationError } from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";

describe("gw.${name}", () => {
  it("submits a job, and its Task waits for the result's URL", async () => {
    const { gw, mock } = await loopback();
    const task = await gw.${name}.create({ model: "${name}-1", prompt: "a cat surfing at sunset" });
    expect(JSON.parse(JSON.stringify(task))).toEqual({ kind: "${name}", id: task.id });
    expect(mock.requests[0]).toMatchObject({ method: "POST", path: "${path}" });
    const done = await task.wait({ interval: 1 });
    expect(done.status).toBe("succeeded");
    expect(done.result?.output).toMatch(/\\.mp4$/);
    expect((await gw.tasks.wait({ kind: "${name}", id: task.id }, { interval: 1 })).result).toEqual(done.result);
  });

  it("refuses a prompt over its bound before sending; the mock refuses it too", async () => {
    const prompt = "x".repeat(limits.${name}.prompt.maxLength + 1);
    const { gw, mock } = await loopback();
    expect(await thrown(() => gw.${name}.create({ model: "${name}-1", prompt }))).toBeInstanceOf(ValidationError);
    expect(mock.requests).toHaveLength(0);
    const { gw: unchecked } = await loopback({ validation: "off" });
    expect((await thrown(() => unchecked.${name}.create({ model: "${name}-1", prompt }))).status).toBe(400);
  });
});
`,
  [`tests/types/${name}.test-d.ts`]: `import { describe, expectTypeOf, it } from "vitest";
import type { Input } from "../../src/core/validation/index.js";
import Genway, { type ${Name}CreateParams, type ${Name}Result, type TaskSnapshot } from "../../src/index.js";
import type { createParams } from "../../src/resources/${name}/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "http://gateway.test" });

describe("gw.${name}", () => {
  it("declares the fields its schema checks, both ways and by name", () => {
    expectTypeOf<${Name}CreateParams>().toExtend<Declared<Input<typeof createParams>>>();
    expectTypeOf<Declared<Input<typeof createParams>>>().toExtend<${Name}CreateParams>();
    expectTypeOf<SameKeys<${Name}CreateParams, Declared<Input<typeof createParams>>>>().toEqualTypeOf<Agree>();
  });

  it("a task's wait and a { kind } handle give its result", () => {
    async function calls() {
      const task = await gw.${name}.create({ model: "any-model", prompt: "a cat" });
      expectTypeOf(await task.wait()).toEqualTypeOf<TaskSnapshot<${Name}Result>>();
      expectTypeOf(await gw.pollTask({ kind: "${name}", id: task.id })).toEqualTypeOf<TaskSnapshot<${Name}Result>>();
      // @ts-expect-error: the prompt is required
      await gw.${name}.create({ model: "${name}-1" });
    }
    void calls;
  });
});
`,
  [`docs/${name}.md`]: `# ${Name}: jobs on \`${path}\`

\`gw.${name}.create(params)\` submits a job (paid: genway never repeats it unless the gateway
certainly did not take it) and resolves to a Task; \`task.wait()\` polls
\`GET ${path}/{id}\` until it ends (docs/tasks.md).

\`\`\`ts
import Genway from "genway";

const gw = new Genway();
const task = await gw.${name}.create({ model: "${name}-1", prompt: "a cat surfing at sunset" });
const done = await task.wait();
console.log(done.result?.output); // the result's URL
\`\`\`

| field    | type   | checked before sending                                    |
| -------- | ------ | --------------------------------------------------------- |
| \`model\`  | string | required; any id is sent                                  |
| \`prompt\` | string | required, at most \`limits.${name}.prompt.maxLength\` characters |
`,
};

/** `text` with `pattern`'s first match replaced; a pattern that finds no place is an error. */
function at(file, text, pattern, replacement) {
  if (!pattern.test(text)) throw new Error(`${file}: found no place for ${name} (${pattern})`);
  return text.replace(pattern, replacement);
}

/** The lists that name every family, each with where the new one goes. */
const edited = {
  "src/resources/families.ts": (text, file) =>
    at(
      file,
      at(
        file,
        text,
        /(import \{ family as \w+ \} from "\.\/\w+\/family\.js";\n)(?!import \{ family)/,
        `$1import { family as ${name} } from "./${name}/family.js";\n`,
      ),
      /(export const FAMILIES = \{\n(?: {2}\w+,\n)*)/,
      `$1  ${name},\n`,
    ),
  "src/index.ts": (text, file) =>
    at(
      file,
      text,
      /((?:export \* from "\.\/resources\/\w+\/index\.js";\n)+)/,
      `$1export * from "./resources/${name}/index.js";\n`,
    ),
  "src/limits.ts": (text) =>
    `${text.trimEnd()}\n\n/** \`limits.${name}\`: its prompt's length. */\nexport const ${name}Limits = /* @__PURE__ */ frozen({\n  prompt: { minLength: 1, maxLength: 1000 },\n});\n`,
  "mock/routes/index.ts": (text, file) =>
    at(
      file,
      at(
        file,
        text,
        /(import \{ \w+ \} from "\.\/[\w-]+\.js";\n)(?!import)/,
        `$1import { ${name}Routes } from "./${name}.js";\n`,
      ),
      /\n\];/,
      `\n  ...${name}Routes,\n];`,
    ),
  "docs/limits.md": (text, file) =>
    at(
      file,
      text,
      /(\| `musicgen` [^\n]*\n)/,
      `$1| \`${name}\` | \`prompt\` 1-1000 characters | its spec |\n`,
    ),
};

const touched = [...Object.keys(created), ...Object.keys(edited)].sort();
if (flag === "--dry-run") {
  console.log(touched.join("\n"));
  process.exit(0);
}
for (const [file, text] of Object.entries(created)) {
  mkdirSync(dirname(join(ROOT, file)), { recursive: true });
  writeFileSync(join(ROOT, file), text);
}
for (const [file, edit] of Object.entries(edited)) {
  const before = readFileSync(join(ROOT, file), "utf8");
  const after = edit(before, file);
  writeFileSync(join(ROOT, file), after);
}
// The house's formatting and import order, so the family is lint-clean as written.
execFileSync("npx", ["biome", "check", "--write", ...touched], { cwd: ROOT, stdio: "ignore" });
console.log(touched.join("\n"));
