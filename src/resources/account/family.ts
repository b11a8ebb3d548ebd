/** gw.models and gw.account in the family manifest (src/resources/families.ts): what it gives a client. */
import type { ClientContext, Family } from "../../core/http/index.js";
import { Account, Models } from "./account.js";

export const family = {
  namespaces: {
    /** The models the gateway serves to this key: `gw.models.list()` (docs/models.md). */
    models: (client: ClientContext) => new Models(client),
    /** The key's balance: `gw.account.balance()` (docs/cost.md). */
    account: (client: ClientContext) => new Account(client),
  },
  entries: [], // genway's alone
  limits: {},
  prices: [],
} as const satisfies Family;
