import { paginateQuery, paginateScan, type QueryCommandInput, type QueryCommandOutput, type ScanCommandInput, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';

type Item = Record<string, unknown>;
/** A query or scan of the table; the table's name and the cursor are filled in here. */
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;
export type ScanInput = Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>;

export interface PageOptions {
  /**
   * The Limit of each next request, read just before it is sent: for reads that stop at a budget
   * of items read (the last page asks only for what is left of it).
   */
  nextLimit?: () => number;
}

/**
 * A query's pages in order, each request sent when the loop asks for it, so a loop that breaks
 * reads no further. The paginator writes its cursor into the input it is given: it gets a copy.
 */
export function queryPages(input: QueryInput, options: PageOptions = {}): AsyncGenerator<QueryCommandOutput> {
  const { nextLimit } = options;
  return paginateQuery(
    {
      client: documentClient(),
      withCommand: nextLimit
        ? (command) => {
            (command.input as QueryCommandInput).Limit = nextLimit();
            return command;
          }
        : undefined,
    },
    { ...input, TableName: env().TABLE_NAME },
  );
}

/** A scan's pages in order (operators' one-offs; a request path queries). */
export function scanPages(input: ScanInput): AsyncGenerator<ScanCommandOutput> {
  return paginateScan({ client: documentClient() }, { ...input, TableName: env().TABLE_NAME });
}

/** Every item a query finds, all pages. */
export async function queryAll(input: QueryInput): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(input)) items.push(...(page.Items ?? []));
  return items;
}

/** The first page only: with a Limit, at most that many items (fewer when a filter drops some). */
export async function queryFirstPage(input: QueryInput): Promise<Item[]> {
  for await (const page of queryPages(input)) return page.Items ?? [];
  return [];
}

/** How many items a query finds (Select COUNT), all pages. */
export async function countAll(input: Omit<QueryInput, 'Select'>): Promise<number> {
  let count = 0;
  for await (const page of queryPages({ ...input, Select: 'COUNT' })) count += page.Count ?? 0;
  return count;
}
