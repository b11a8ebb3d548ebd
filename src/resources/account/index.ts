export { Account } from "./account.js";
export { Models } from "./models.js";
export type { Balance, Model, ModelsPage } from "./types.js";
