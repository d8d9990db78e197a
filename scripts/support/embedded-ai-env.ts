/**
 * The process environment of a script that measures the offline product (the embedded AI
 * provider, whatever the shell has set) against its own DynamoDB Local table, with the other
 * services it never calls named as unused. Set before the functions' modules are imported:
 * their clients read it once.
 */
export function useEmbeddedAiOnTable(table: string): void {
  process.env.LOG_LEVEL = 'silent';
  delete process.env.AI_PROVIDER;
  delete process.env.AI_LOCAL_MODEL_PATH;
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: table,
    USER_POOL_ID: 'unused-by-the-script',
    USER_POOL_CLIENT_ID: 'unused-by-the-script',
    EVENT_BUS_NAME: 'unused-by-the-script',
    MAIL_FROM: 'unused@example.com',
  });
}
