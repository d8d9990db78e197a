import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEnvForTests } from '../lib/env.ts';
import { batchGetItems } from './batch-get.ts';
import { deleteItems, putItems } from './batch-write.ts';
import { countAll, queryAll, queryFirstPage, queryPages, scanPages } from './paging.ts';
import { transactWrite, tryTransactWrite } from './transact.ts';
import { BATCH_RETRIES } from './unprocessed.ts';

const TABLE = 'helpers-test-table';
const ENV = {
  TABLE_NAME: TABLE,
  USER_POOL_ID: 'pool',
  USER_POOL_CLIENT_ID: 'client',
  EVENT_BUS_NAME: 'bus',
  MAIL_FROM: 'quiz@example.com',
};
const dynamo = mockClient(DynamoDBDocumentClient);
const $metadata = {};
const key = (n: number) => ({ pk: `USER#${n}`, sk: 'PROFILE' });

/**
 * Answers queries with these pages and keeps a copy of each request as it was sent (the
 * paginator sends one input object, moving its cursor, so the recorded calls share it).
 */
function queryAnswers(...pages: Record<string, unknown>[]): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  dynamo.on(QueryCommand).callsFake((input: Record<string, unknown>) => {
    sent.push({ ...input });
    return pages.shift() ?? {};
  });
  return sent;
}

beforeAll(() => {
  for (const [name, value] of Object.entries(ENV)) vi.stubEnv(name, value);
  resetEnvForTests();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});
beforeEach(() => {
  dynamo.reset();
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs a call while its backoff pauses elapse at once. */
async function settled<T>(call: Promise<T>): Promise<T> {
  const outcome = call.then((value) => ({ value }), (error: unknown) => ({ error }));
  await vi.runAllTimersAsync();
  const result = await outcome;
  if ('error' in result) throw result.error;
  return result.value;
}

describe('paging (lib-dynamodb paginators)', () => {
  it('reads every page of a query, each request starting where the last one stopped', async () => {
    const inputs = queryAnswers({ Items: [key(1), key(2)], LastEvaluatedKey: key(2) }, { Items: [key(3)] });
    const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'X' }, ConsistentRead: true, ProjectionExpression: 'pk, sk' });
    expect(items).toEqual([key(1), key(2), key(3)]);
    expect(inputs.map((input) => input.ExclusiveStartKey)).toEqual([undefined, key(2)]);
    for (const input of inputs) expect(input).toMatchObject({ TableName: TABLE, ConsistentRead: true, ProjectionExpression: 'pk, sk' });
  });

  it('leaves the caller’s input as it was (the paginator writes its cursor into a copy)', async () => {
    dynamo.on(QueryCommand).resolvesOnce({ Items: [key(1)], LastEvaluatedKey: key(1) }).resolvesOnce({ Items: [] });
    const input = { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'X' } };
    await queryAll(input);
    expect(input).toEqual({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'X' } });
  });

  it('sends no further request once the loop stops reading', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [key(1)], LastEvaluatedKey: key(1) });
    for await (const page of queryPages({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'X' } })) {
      expect(page.Items).toHaveLength(1);
      break;
    }
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('asks each request for the Limit that is left of a budget', async () => {
    const inputs = queryAnswers({ Items: [], Count: 3, LastEvaluatedKey: key(1) }, { Items: [], Count: 2 });
    let read = 0;
    for await (const page of queryPages({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'X' } }, { nextLimit: () => Math.min(3, 5 - read) })) read += page.Count ?? 0;
    expect(inputs.map((input) => input.Limit)).toEqual([3, 2]);
  });

  it('reads one page when asked for the first only', async () => {
    const inputs = queryAnswers({ Items: [key(1)], LastEvaluatedKey: key(1) }, { Items: [key(2)] });
    expect(await queryFirstPage({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'X' }, Limit: 1 })).toEqual([key(1)]);
    expect(inputs).toHaveLength(1);
    expect(inputs[0]?.Limit).toBe(1);
  });

  it('counts across pages with Select COUNT', async () => {
    dynamo.on(QueryCommand).resolvesOnce({ Count: 4, LastEvaluatedKey: key(4) }).resolvesOnce({ Count: 1 });
    expect(await countAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'X' } })).toBe(5);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input.Select).toBe('COUNT');
  });

  it('scans every page', async () => {
    const inputs: Record<string, unknown>[] = [];
    const pages = [{ Items: [key(1)], LastEvaluatedKey: key(1) }, { Items: [key(2)] }];
    dynamo.on(ScanCommand).callsFake((input: Record<string, unknown>) => {
      inputs.push({ ...input });
      return pages.shift() ?? {};
    });
    const items = [];
    for await (const page of scanPages({ FilterExpression: '#t = :t', ExpressionAttributeNames: { '#t': 'type' }, ExpressionAttributeValues: { ':t': 'profile' } })) items.push(...(page.Items ?? []));
    expect(items).toEqual([key(1), key(2)]);
    expect(inputs[1]).toMatchObject({ TableName: TABLE, ExclusiveStartKey: key(1) });
  });
});

describe('batchGetItems', () => {
  it('asks again, after a pause, for the keys DynamoDB left unprocessed', async () => {
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { [TABLE]: [key(1)] }, UnprocessedKeys: { [TABLE]: { Keys: [key(2)], ConsistentRead: true } } })
      .resolvesOnce({ Responses: { [TABLE]: [key(2)] }, UnprocessedKeys: {} });
    const items = await settled(batchGetItems([key(1), key(2)], { consistent: true, projection: 'pk, sk, #n', names: { '#n': 'name' } }));
    expect(items).toEqual([key(1), key(2)]);
    const requests = dynamo.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.[TABLE]);
    expect(requests[0]).toEqual({ Keys: [key(1), key(2)], ConsistentRead: true, ProjectionExpression: 'pk, sk, #n', ExpressionAttributeNames: { '#n': 'name' } });
    expect(requests[1]?.Keys).toEqual([key(2)]);
  });

  it('sends 100 keys to a request', async () => {
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: unknown[] }> }) => ({ Responses: { [TABLE]: input.RequestItems[TABLE]?.Keys } }));
    const wanted = Array.from({ length: 250 }, (_, n) => key(n));
    expect(await batchGetItems(wanted)).toHaveLength(250);
    expect(dynamo.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.[TABLE]?.Keys?.length)).toEqual([100, 100, 50]);
  });

  it('fails rather than answer with part of the items when keys stay unprocessed', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [] }, UnprocessedKeys: { [TABLE]: { Keys: [key(1)] } } });
    await expect(settled(batchGetItems([key(1)]))).rejects.toThrow(/kept being throttled/);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1 + BATCH_RETRIES);
  });

  it('sends nothing for no keys', async () => {
    expect(await batchGetItems([])).toEqual([]);
    expect(dynamo.calls()).toHaveLength(0);
  });
});

describe('batch writes', () => {
  it('writes 25 to a request and retries the unprocessed items', async () => {
    const items = Array.from({ length: 30 }, (_, n) => key(n));
    dynamo
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { [TABLE]: [{ PutRequest: { Item: key(7) } }] } })
      .resolves({ UnprocessedItems: {} });
    await settled(putItems(items));
    const sizes = dynamo.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.[TABLE]?.length);
    expect(sizes).toEqual([25, 1, 5]);
    expect(dynamo.commandCalls(BatchWriteCommand)[1]?.args[0].input.RequestItems?.[TABLE]).toEqual([{ PutRequest: { Item: key(7) } }]);
  });

  it('deletes by key and fails when items stay unprocessed', async () => {
    dynamo.on(BatchWriteCommand).resolves({ UnprocessedItems: { [TABLE]: [{ DeleteRequest: { Key: key(1) } }] } });
    await expect(settled(deleteItems([key(1)]))).rejects.toThrow(/kept being throttled/);
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(1 + BATCH_RETRIES);
  });
});

describe('transactions', () => {
  const items = [{ Put: { TableName: TABLE, Item: key(1), ConditionExpression: 'attribute_not_exists(pk)' } }, { Put: { TableName: TABLE, Item: key(2) } }];
  const cancelled = (...codes: string[]) =>
    new TransactionCanceledException({ message: 'Transaction cancelled', $metadata, CancellationReasons: codes.map((Code) => ({ Code })) });

  it('is true when the transaction commits', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await transactWrite(items)).toBe(true);
    expect(dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems).toEqual(items);
  });

  it('is false when a condition refused the write', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(await transactWrite(items)).toBe(false);
  });

  it('throws the cancellation when no condition caused it (a conflict)', async () => {
    const conflict = cancelled('None', 'TransactionConflict');
    dynamo.on(TransactWriteCommand).rejects(conflict);
    await expect(transactWrite(items)).rejects.toBe(conflict);
  });

  it('is false on any cancellation when asked to be', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'TransactionConflict'));
    expect(await transactWrite(items, { falseOn: 'any' })).toBe(false);
  });

  it('throws errors that are not cancellations', async () => {
    const other = new ConditionalCheckFailedException({ message: 'not a transaction', $metadata });
    dynamo.on(TransactWriteCommand).rejects(other);
    await expect(transactWrite(items, { falseOn: 'any' })).rejects.toBe(other);
    await expect(tryTransactWrite(items)).rejects.toBe(other);
  });

  it('gives the cancellation and each item’s code when cancelled, and null when committed', async () => {
    const refused = cancelled('None', 'ConditionalCheckFailed');
    dynamo.on(TransactWriteCommand).rejectsOnce(refused).resolves({});
    expect(await tryTransactWrite(items)).toEqual({ error: refused, codes: ['None', 'ConditionalCheckFailed'] });
    expect(await tryTransactWrite(items)).toBeNull();
  });
});
