// The cost of live prices, counted: how many requests the first call of a client with live prices
// (a budget) adds, how many every later call adds, and what they add to the wall time, against a
// plain client (no budget, onCost or group: it never loads prices). Each round makes a fresh pair
// of clients against the bench server (argv[2]) and counts the requests their fetch sends.
//   node bench/prices.mjs <url>   (BENCH_ROUNDS rounds, BENCH_CALLS later calls per client)
// Prints one JSON object: { [figure]: { plain, priced } number[] per round }.
import Genway from "genway";

const url = process.argv[2];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 41);
const LATER = Number(process.env.BENCH_CALLS ?? 100);
const params = { model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }], max_tokens: 16 };

/** A client whose fetch counts what it sends. */
function counted(options) {
  const sent = { n: 0 };
  const gw = new Genway({
    apiKey: "sk-bench-key",
    baseURL: url,
    fetch: (input, init) => {
      sent.n++;
      return fetch(input, init);
    },
    ...options,
  });
  return { gw, sent };
}

async function measure(options) {
  const { gw, sent } = counted(options);
  let started = performance.now();
  await gw.chat.completions.create(params);
  const firstUs = (performance.now() - started) * 1000;
  const firstRequests = sent.n;
  started = performance.now();
  for (let i = 0; i < LATER; i++) await gw.chat.completions.create(params);
  const laterUs = ((performance.now() - started) * 1000) / LATER;
  return { firstRequests, laterRequests: (sent.n - firstRequests) / LATER, firstUs, laterUs };
}

const results = {};
const add = (figure, name, value) => ((results[figure] ??= {})[name] ??= []).push(value);
await measure({}); // warm-up: module code, sockets
for (let round = 0; round < ROUNDS; round++) {
  const contenders = { plain: {}, priced: { budget: { limit: 1_000_000 } } };
  const order = round % 2 ? ["priced", "plain"] : ["plain", "priced"];
  for (const name of order) {
    const m = await measure(contenders[name]);
    add("firstRequests", name, m.firstRequests);
    add("laterRequests", name, m.laterRequests);
    add("firstUs", name, m.firstUs);
    add("laterUs", name, m.laterUs);
  }
}
process.stdout.write(`${JSON.stringify({ rounds: ROUNDS, later: LATER, results })}\n`);
