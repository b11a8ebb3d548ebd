/**
 * The one scenario every runtime of the matrix runs, against the mock gateway, with the packed
 * package as users install it. Plain JavaScript on purpose: Node 20, workerd, the edge-runtime and
 * a browser page all load it as it is. `genway` is the module namespace the runtime imported
 * (or required), so each runtime's own module loading is what gets tested.
 */

const MODEL = "gpt-4o-mini";
const ASK = [{ role: "user", content: "Say hello to the runtime matrix." }];

/**
 * @param {Record<string, any>} genway the imported package ("genway")
 * @param {{ baseURL: string, apiKey: string, browser?: boolean, otherCopy?: Record<string, any> }} config
 *   `otherCopy`: the package as the process's other module system loaded it (the ESM build beside
 *   the CommonJS one), whose classes must recognize this copy's errors
 * @returns {Promise<Array<{ name: string, ok: boolean, ms: number, detail: string }>>}
 */
export async function scenario(genway, { baseURL, apiKey, browser = false, otherCopy }) {
  const Genway = genway.default;
  const { AuthenticationError, GenwayError, isGenwayError } = genway;
  const checks = [];
  const check = async (name, run) => {
    const started = Date.now();
    try {
      const detail = await run();
      checks.push({ name, ok: true, ms: Date.now() - started, detail: String(detail) });
    } catch (error) {
      checks.push({ name, ok: false, ms: Date.now() - started, detail: String(error?.stack ?? error) });
    }
  };
  const options = { baseURL, apiKey, maxRetries: 0, ...(browser ? { dangerouslyAllowBrowser: true } : {}) };
  const gw = new Genway(options);

  await check("non-streaming", async () => {
    const { data, requestId } = await gw.chat.completions
      .create({ model: MODEL, messages: ASK })
      .withResponse();
    const content = data.choices[0]?.message.content;
    expect(typeof content === "string" && content.length > 0, `no content in ${JSON.stringify(data)}`);
    // In a browser this also proves the gateway exposes x-request-id over CORS.
    expect(typeof requestId === "string" && requestId.length > 0, "no request id");
    return `${JSON.stringify(content.slice(0, 40))} (${requestId})`;
  });

  await check("streaming", async () => {
    const stream = await gw.chat.completions.create({ model: MODEL, messages: ASK, stream: true });
    let chunks = 0;
    let text = "";
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta?.content ?? "";
    }
    const final = await stream.finalContent();
    expect(chunks > 1, `only ${chunks} chunk(s)`);
    expect(
      text.length > 0 && text === final,
      `deltas ${JSON.stringify(text)} != final ${JSON.stringify(final)}`,
    );
    return `${chunks} chunks, ${text.length} chars`;
  });

  await check("typed error", async () => {
    const wrongKey = new Genway({ ...options, apiKey: "sk-genway-wrong-key" });
    try {
      await wrongKey.chat.completions.create({ model: MODEL, messages: ASK });
    } catch (error) {
      expect(error instanceof AuthenticationError, `not an AuthenticationError: ${error}`);
      expect(error instanceof GenwayError && isGenwayError(error), "not a GenwayError");
      expect(error.status === 401, `status ${error.status}`);
      expect(!String(error.message).includes("sk-genway-wrong-key"), "the key leaked into the message");
      return `AuthenticationError ${error.status} code ${error.code}`;
    }
    throw new Error("a wrong key was accepted");
  });

  if (otherCopy) {
    await check("error across copies", async () => {
      expect(otherCopy.AuthenticationError !== AuthenticationError, "one copy, not two: nothing to check");
      try {
        await new Genway({ ...options, apiKey: "sk-genway-wrong-key" }).chat.completions.create({
          model: MODEL,
          messages: ASK,
        });
      } catch (error) {
        const { AuthenticationError: Other, APIError, GenwayError: OtherRoot, RateLimitError } = otherCopy;
        expect(
          error instanceof Other && error instanceof APIError && error instanceof OtherRoot,
          "not instanceof the other copy's classes",
        );
        expect(!(error instanceof RateLimitError), "instanceof an unrelated class of the other copy");
        expect(otherCopy.isGenwayError(error), "the other copy's isGenwayError says no");
        expect(new RateLimitError("slow down") instanceof genway.RateLimitError, "the other way round fails");
        return "AuthenticationError instanceof the other copy's AuthenticationError, APIError, GenwayError";
      }
      throw new Error("a wrong key was accepted");
    });
  }

  if (browser) {
    await check("browser refusal", async () => {
      try {
        new Genway({ baseURL, apiKey });
      } catch (error) {
        expect(error instanceof GenwayError, `not a GenwayError: ${error}`);
        expect(/dangerouslyAllowBrowser/.test(error.message), error.message);
        return error.message;
      }
      throw new Error("constructed in a browser without dangerouslyAllowBrowser");
    });
  }
  return checks;
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * A bundle for Workers, the edge or a browser (esbuild's metafile) must take the split build
 * (dist/<entry>.js, the `default` condition): the Node build (dist/node-esm/, the `node` condition)
 * is one module graph for every subpath, which a bundler could not tree-shake to one family.
 */
export function expectSplitBuild(metafile) {
  const genway = Object.keys(metafile.inputs).filter((input) => input.includes("node_modules/genway/dist/"));
  expect(genway.length > 0, "the bundle holds nothing of genway's dist/");
  const node = genway.filter((input) => input.includes("/dist/node-esm/"));
  expect(node.length === 0, `the bundle took the Node build: ${node.join(", ")}`);
}

/** The line a runner prints for the orchestrator (matrix/run.mjs) to read. */
export const RESULT_PREFIX = "MATRIX_RESULT ";
