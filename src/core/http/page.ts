/**
 * A list answer as openai-node shapes one: a `Page` with its `data`, iterable item by item, and a
 * `PagePromise` that can be awaited for the page or iterated directly
 * (`for await (const model of gw.models.list())`). The gateway's lists come in one page (new-api
 * sends no cursor), so `hasNextPage()` is false; the methods are there so code written for
 * openai-node's pages runs unchanged.
 */
import { GenwayError } from "../errors/errors.js";
import { APIPromise } from "./api-promise.js";

/** One page of a list answer. */
export class Page<Item> implements AsyncIterable<Item> {
  /** The items of this page. */
  readonly data: Item[];
  readonly object: string;

  constructor(data: Item[], object = "list") {
    this.data = data;
    this.object = object;
  }

  /** The items of this page (openai-node's name). */
  getPaginatedItems(): Item[] {
    return this.data;
  }

  /** Always false: the gateway answers a list in one page. */
  hasNextPage(): boolean {
    return false;
  }

  /** There is none: check {@link hasNextPage} first. */
  async getNextPage(): Promise<this> {
    throw new GenwayError(
      "No next page: the gateway answers this list in one page (check hasNextPage() first).",
    );
  }

  /** Every page, this one first. */
  async *iterPages(): AsyncGenerator<this> {
    yield this;
  }

  /** Every item of this page and the pages after it, fetched as the loop reaches them. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    yield* this.data;
  }
}

/** A Promise of a Page that is also iterable item by item, without awaiting the page first. */
export class PagePromise<Item> extends APIPromise<Page<Item>> implements AsyncIterable<Item> {
  /** Every item of every page, without awaiting the first page first. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of (await this).iterPages()) yield* page.getPaginatedItems();
  }
}

/** The list request `promise` answered with its body read into a Page by `read`. */
export function pageOf<Item>(
  promise: APIPromise<unknown>,
  read: (body: unknown) => Item[],
): PagePromise<Item> {
  return new PagePromise(promise.withResponse().then((r) => ({ ...r, data: new Page(read(r.data)) })));
}
