import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writeBank } from './data/question-bank.ts';
import * as keys from '../data/table-keys.ts';
import { documentClient } from '../lib/clients.ts';
import { env } from '../lib/env.ts';
import { groupByBank, loadBank } from './load-bank.ts';

/**
 * Writes each subject-level bank whose content changed since the last seed (a content
 * hash is kept on the index item), so a restart with an unchanged bank writes nothing.
 */
export async function seedQuestionBank(options: { force?: boolean } = {}): Promise<{ written: string[]; total: number }> {
  const banks = groupByBank(loadBank());
  const written: string[] = [];
  for (const bank of banks) {
    const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.bankMeta(bank.subject, bank.level) }));
    if (!options.force && Item?.hash === bank.hash) continue;
    await writeBank(bank.subject, bank.level, bank.questions);
    await documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keys.bankMeta(bank.subject, bank.level),
        UpdateExpression: 'SET #hash = :hash',
        ExpressionAttributeNames: { '#hash': 'hash' },
        ExpressionAttributeValues: { ':hash': bank.hash },
      }),
    );
    written.push(`${bank.subject}/${bank.level} (${bank.questions.length})`);
  }
  return { written, total: banks.reduce((sum, b) => sum + b.questions.length, 0) };
}
