export { Account, Models } from "./account.js";
export type { Balance, Model, ModelsPage } from "./results.js";
