import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { vi } from 'vitest';
import { documentClient } from '../../functions/lib/clients.ts';

/**
 * Makes every conditional write whose input mentions `marker` lose, as if another request
 * always changed the item first, or (TransactionConflict) as if another transaction on the
 * same items were always under way (what many simultaneous clicks do on a busy stack), until
 * the returned restore() is called. Reads and other writes go through.
 */
export function losingWrites(marker: string, reason: 'ConditionalCheckFailed' | 'TransactionConflict' = 'ConditionalCheckFailed'): { restore(): void } {
  const client = documentClient();
  const real = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  const spy = vi.spyOn(client, 'send').mockImplementation((async (command: { constructor: { name: string }; input: unknown }) => {
    const name = command.constructor.name;
    if ((name === 'TransactWriteCommand' || name === 'UpdateCommand') && JSON.stringify(command.input).includes(marker)) {
      const $metadata = {};
      throw name === 'UpdateCommand'
        ? new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata })
        : new TransactionCanceledException({ message: 'Transaction cancelled', $metadata, CancellationReasons: [{ Code: reason }, { Code: 'None' }] });
    }
    return real(command);
  }) as never);
  return { restore: () => spy.mockRestore() };
}
