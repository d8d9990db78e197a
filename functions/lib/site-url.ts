import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as keys from '../data/table-keys.ts';
import { documentClient } from './clients.ts';
import { env } from './env.ts';

let cached: Promise<string> | undefined;

/**
 * The public origin for links in e-mails. Taken from configuration, never from request
 * headers (a forged Host would otherwise send reset links to an attacker's site). In AWS
 * the web stack writes it to the table, since CloudFront's domain is known only after
 * the API it routes to exists.
 */
export function siteUrl(): Promise<string> {
  cached ??= (async () => {
    const configured = env().SITE_URL;
    if (configured) return configured.replace(/\/$/, '');
    const { Item } = await documentClient().send(new GetCommand({ TableName: env().TABLE_NAME, Key: keys.siteConfig() }));
    if (typeof Item?.url !== 'string') throw new Error('No SITE_URL and no site configuration in the table');
    return Item.url.replace(/\/$/, '');
  })();
  cached.catch(() => (cached = undefined));
  return cached;
}
