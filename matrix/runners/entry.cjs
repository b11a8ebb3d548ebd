// Node (require): CommonJS code loading the ESM-only package through require(esm).
const genway = require("genway");

import("../scenario.mjs").then(async ({ RESULT_PREFIX, scenario }) => {
  const { GENWAY_BASE_URL: baseURL, GENWAY_API_KEY: apiKey } = process.env;
  const checks = await scenario(genway, { baseURL, apiKey });
  console.log(RESULT_PREFIX + JSON.stringify(checks));
});
