/** Money: what a call bills (units), what it costs (priced by a Meter), budgets kept by reservation, and a client's totals. */

export * from "./budget.js";
export * from "./cost.js";
export * from "./delivered.js";
export * from "./metering.js";
export * from "./totals.js";
export * from "./worst-case.js";
