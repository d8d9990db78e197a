import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * What Lambda bundles get instead of `@aws-sdk/credential-provider-node` (an esbuild alias in
 * infra/constructs/bundling.ts). In Lambda the runtime hands the role's credentials to the
 * function as AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, the first link of
 * the SDK's default chain and the only one that ever answers there. The rest of the chain (SSO,
 * profiles, web identity, instance metadata, with their nested STS and SSO clients) is ~90 KB
 * of every bundle parsed at each cold start for nothing. Same exports as the package.
 */
type Credentials = Awaited<ReturnType<ReturnType<typeof fromEnv>>>;

export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}) => fromEnv(init);

export const credentialsWillNeedRefresh = (credentials?: Credentials): boolean => credentials?.expiration !== undefined;

export const credentialsTreatedAsExpired = (credentials?: Credentials): boolean =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
