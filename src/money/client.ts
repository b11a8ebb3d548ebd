/**
 * A client's money, made when the client first needs it (src/client-money.ts imports this file
 * then, so a client that never asks for money nor reads a cost never loads it): its price source,
 * its metering (budgets, totals, onCost) and the billing its transport meters calls with.
 */
import type { BudgetOptions, CallInfo, Ledger } from "../core/http/index.js";
import type { Logger } from "../core/shared/index.js";
import { ClientBilling } from "./billing.js";
import { type CostEvent, Metering } from "./metering.js";
import { ClientPrices, type PricesOption } from "./source.js";

interface MoneyConfig {
  prices: PricesOption | undefined;
  group: string | undefined;
  budget: BudgetOptions | undefined;
  onCost: ((event: CostEvent) => void) | undefined;
  /** The client's ledger, where every billed call is counted from its first. */
  ledger: Ledger;
  /** GETs a gateway route as JSON (through the client's transport): the price source's reads. */
  get(path: string, parent?: CallInfo): Promise<unknown>;
  log: Logger;
}

/**
 * The money of one client.
 * @public src/client-money.ts reaches it through a dynamic import (knip cannot follow that).
 */
export function clientMoney(config: MoneyConfig) {
  const { prices: option, group, budget, onCost, ledger, get, log } = config;
  const prices = new ClientPrices({
    prices: option,
    group,
    // A client that asks for money loads prices with its first billed call; one that only reads
    // a cost loads them when it does (an awaited read: withResponse(), finalCost(), summary()).
    eager: budget !== undefined || onCost !== undefined || group !== undefined || option === "gateway",
    currency: budget?.currency,
    get,
    log,
  });
  const metering = new Metering({ meter: prices, ledger, budget, onCost, log });
  return { billing: new ClientBilling(metering), totals: metering.totals, prices };
}

/** What {@link clientMoney} makes. */
export type Money = ReturnType<typeof clientMoney>;
