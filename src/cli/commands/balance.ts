/** genway balance: what the key may still spend, in the gateway's display unit (its billing routes). */
import type { Command } from "../command.js";
import { print, printJson } from "../output.js";

export const balance: Command = {
  name: "balance",
  summary: "show the key's balance: total, used and remaining, in the gateway's unit",
  usage: "genway balance",
  options: {},
  async run({ stdout, json, client, signal }) {
    const b = await client().account.balance({ signal });
    if (json) return printJson(stdout, b);
    const expires = b.expiresAt ? `expires ${b.expiresAt.toISOString()}` : "never expires";
    if (b.total === null) {
      print(stdout, `unlimited key; used ${b.used} ${b.currency}; ${expires}\n`);
      return;
    }
    print(stdout, `remaining ${b.remaining} ${b.currency} of ${b.total} (used ${b.used}); ${expires}\n`);
  },
};
