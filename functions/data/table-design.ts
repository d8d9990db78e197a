/**
 * The one table's keys and indexes. The CDK data stack and the local bootstrap both
 * build the table from this, so infrastructure and data access cannot drift.
 *
 * Access patterns (this issue):
 * - profile by user id ........ pk USER#<id>          sk PROFILE
 * - profile by e-mail ......... gsi1pk EMAIL#<email>  gsi1sk PROFILE
 * - profiles by role .......... gsi2pk ROLE#<role>    gsi2sk <email>
 * - link token by hash ........ pk TOKEN#<sha256>     sk TOKEN         (expires by TTL)
 * - attempts in a window ...... pk RATE#<action>#<key> sk <window start> (expires by TTL)
 * - processed event marker .... pk EVENT#<consumer>#<id> sk EVENT      (expires by TTL)
 */
export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export const keys = {
  profile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  profileByEmail: (email: string) => ({ gsi1pk: `EMAIL#${email}`, gsi1sk: 'PROFILE' }),
  profileByRole: (role: string, email: string) => ({ gsi2pk: `ROLE#${role}`, gsi2sk: email }),
  linkToken: (hash: string) => ({ pk: `TOKEN#${hash}`, sk: 'TOKEN' }),
  rateWindow: (action: string, key: string, windowStart: number) => ({ pk: `RATE#${action}#${key}`, sk: String(windowStart) }),
  processedEvent: (consumer: string, eventId: string) => ({ pk: `EVENT#${consumer}#${eventId}`, sk: 'EVENT' }),
} as const;

/** DynamoDB TTL wants epoch seconds. */
export const ttlSeconds = (epochMs: number): number => Math.ceil(epochMs / 1000);
