// The Cloudflare Worker that workerd runs (bundled by workerd.mjs as users' bundlers would).
import * as genway from "genway";
import { scenario } from "../scenario.mjs";

export default {
  async fetch(_request, env) {
    const checks = await scenario(genway, { baseURL: env.GENWAY_BASE_URL, apiKey: env.GENWAY_API_KEY });
    return Response.json(checks);
  },
};
