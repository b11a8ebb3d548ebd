// Node (require): CommonJS code loading genway's CommonJS build, in a process that also imports its
// ESM build: two copies of genway side by side, as when an app and a dependency load it differently.
const genway = require("genway");

Promise.all([import("../scenario.mjs"), import("genway")]).then(
  async ([{ RESULT_PREFIX, scenario }, esm]) => {
    const { GENWAY_BASE_URL: baseURL, GENWAY_API_KEY: apiKey } = process.env;
    const checks = await scenario(genway, { baseURL, apiKey, otherCopy: esm });
    console.log(RESULT_PREFIX + JSON.stringify(checks));
  },
);
