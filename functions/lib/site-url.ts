import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { parameterClient } from './clients.ts';
import { env } from './env.ts';

let cached: Promise<string> | undefined;

/**
 * The public origin for links in e-mails. Taken from configuration, never from request
 * headers (a forged Host would otherwise send reset links to an attacker's site). In AWS
 * the web stack writes it to a parameter, since CloudFront's domain is known only after
 * the API it routes to exists.
 */
export function siteUrl(): Promise<string> {
  cached ??= (async () => {
    const { SITE_URL, SITE_URL_PARAMETER } = env();
    if (SITE_URL) return SITE_URL.replace(/\/$/, '');
    if (!SITE_URL_PARAMETER) throw new Error('SITE_URL or SITE_URL_PARAMETER must be set');
    const { Parameter } = await parameterClient().send(new GetParameterCommand({ Name: SITE_URL_PARAMETER }));
    if (!Parameter?.Value) throw new Error(`Parameter ${SITE_URL_PARAMETER} is empty`);
    return Parameter.Value.replace(/\/$/, '');
  })();
  cached.catch(() => (cached = undefined));
  return cached;
}
