/**
 * genway models: the models the gateway serves to this key (GET /v1/models), each with its price
 * per 1M tokens or per request where the gateway's prices (or the spec's table) give one.
 */
import { findModelFamily, type Model, type Rate } from "../../index.js";
import { text } from "../args.js";
import type { Command } from "../command.js";
import { print, printJson } from "../output.js";

const round = (x: number) => Math.round(x * 1e8) / 1e8;

/** A rate as one short phrase: "1.75 / 14 per 1M tokens", "7 per request". */
function phrase(rate: Rate, currency: string): string {
  if (rate.unit === "token")
    return `${round(rate.prompt)} / ${round(rate.completion)} ${currency} per 1M tokens`;
  const unit = rate.per === 10_000 ? "10,000 characters" : rate.unit;
  return `${round(rate.price)} ${currency} per ${unit}`;
}

export const models: Command = {
  name: "models",
  summary: "list the models the gateway serves, with their prices (per 1M tokens or per request)",
  usage: "genway models [--family ID] [--endpoint TYPE] [--group NAME]",
  options: { family: { type: "string" }, endpoint: { type: "string" }, group: { type: "string" } },
  help: [
    "Prices are the gateway's own (GET /api/pricing), else the spec's table; `-` where neither has one.",
    "--family ID      only ids the model catalog places in that price family (vidA, coding-chat ...)",
    "--endpoint TYPE  only models served on that API format (openai, anthropic, gemini, image-generation, openai-video ...)",
    "--group NAME     prices in that price group (default: default)",
  ].join("\n"),
  async run({ values, stdout, json, client, signal }) {
    const family = text(values, "family");
    const endpoint = text(values, "endpoint");
    const group = text(values, "group") ?? "default";
    const gw = client();
    const [page, prices] = await Promise.all([gw.models.list({ signal }), gw.prices.load()]);
    const listed = page.data.filter(
      (m: Model) =>
        (family === undefined || findModelFamily(m.id) === family) &&
        (endpoint === undefined || (m.supported_endpoint_types ?? []).includes(endpoint)),
    );
    const rows = listed.map((m) => {
      const found = prices.rateOf(m.id, group);
      return typeof found === "string"
        ? {
            id: m.id,
            owned_by: m.owned_by,
            endpoints: m.supported_endpoint_types ?? [],
            price: null,
            reason: found,
          }
        : {
            id: m.id,
            owned_by: m.owned_by,
            endpoints: m.supported_endpoint_types ?? [],
            price: { ...found.rate, currency: found.currency, source: found.source, group: found.group },
          };
    });
    if (json) return printJson(stdout, rows);
    const width = Math.max(2, ...rows.map((r) => r.id.length));
    for (const row of rows) {
      const price = row.price ? phrase(row.price, row.price.currency) : "-";
      print(stdout, `${row.id.padEnd(width)}  ${price.padEnd(36)}  ${row.endpoints.join(", ")}\n`);
    }
    const source =
      prices.source === "gateway" ? "the gateway's prices" : "the spec's table (the gateway publishes none)";
    print(
      stdout,
      `${rows.length} model${rows.length === 1 ? "" : "s"}; prices from ${source}, group ${group}\n`,
    );
  },
};
