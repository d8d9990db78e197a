import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DeleteUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ROLES } from '#shared/constants.ts';
import { REFRESH_TOKEN_DAYS } from '#functions/lib/refresh-cookie.ts';
import { COGNITO_TRIGGERS } from '#functions/routes.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import type { Server } from 'node:http';
import { startCognitoFront } from './cognito-front.ts';
import { startChild, waitFor } from './processes.ts';

/**
 * cognito-local, with its config and users under the data directory. Its Lambda client
 * points at the runtime's Lambda emulation so the real trigger handlers run. It listens on
 * `upstreamPort`; the front on `port` (cognito-front.ts) checks secret hashes as Cognito does,
 * so every caller, handlers and tests alike, goes through the front.
 */
export async function startCognito(options: { port: number; upstreamPort: number; dataDir: string; lambdaEndpoint: string }): Promise<{ endpoint: string; front: Server }> {
  const configDir = join(options.dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const issuerDomain = `http://127.0.0.1:${options.port}`;
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify(
      {
        LambdaClient: { endpoint: options.lambdaEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
        TriggerFunctions: Object.fromEntries(Object.entries(COGNITO_TRIGGERS).map(([trigger, def]) => [trigger, def.name])),
        UserPoolDefaults: { UsernameAttributes: ['email'] },
        TokenConfig: { IssuerDomain: issuerDomain },
      },
      null,
      2,
    ),
  );
  // cognito-local with the one fix it needs to renew a two-step sign-in (cognito-local-server.ts).
  const bin = fileURLToPath(new URL('./cognito-local-server.ts', import.meta.url));
  startChild(process.execPath, [bin], { cwd: options.dataDir, env: { PORT: String(options.upstreamPort), HOST: '127.0.0.1', DEBUG: '' }, name: 'cognito-local' });
  const front = await startCognitoFront({ port: options.port, host: '127.0.0.1', upstreamPort: options.upstreamPort });
  await waitFor('cognito-local', async () => (await fetch(`${issuerDomain}/health`)).ok);
  return { endpoint: issuerDomain, front };
}

/** The app client's name; 'web' was the client without a secret, replaced on the next start. */
const CLIENT_NAME = 'web-server';

export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/** Finds or creates the pool, its app client (with a secret, as in AWS) and the role groups, mirroring the CDK auth stack. */
export async function ensureUserPool(endpoint: string, poolName: string): Promise<{ userPoolId: string; clientId: string; clientSecret: string }> {
  const client = localCognitoClient(endpoint);
  const { UserPools } = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = UserPools?.find((pool) => pool.Name === poolName)?.Id;
  if (!userPoolId) {
    const { UserPool } = await client.send(
      new CreateUserPoolCommand({
        PoolName: poolName,
        UsernameAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_MIN_LENGTH,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
      }),
    );
    userPoolId = UserPool!.Id!;
  }
  // As the auth stack: an authenticator app for whoever turns it on (pools of older runs get it on start).
  await client.send(new SetUserPoolMfaConfigCommand({ UserPoolId: userPoolId, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }));
  const { UserPoolClients } = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  // A client from before the secret (a `.data/` of an older run) would still let the client id alone in.
  for (const old of UserPoolClients ?? []) {
    if (old.ClientName !== CLIENT_NAME) await client.send(new DeleteUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: old.ClientId }));
  }
  let clientId = UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!clientId) {
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        // The API is the only way in: only the server knows the secret that SignUp and InitiateAuth need.
        GenerateSecret: true,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        EnableTokenRevocation: true,
        // As the auth stack: the refresh cookie lives as long as the token it carries.
        RefreshTokenValidity: REFRESH_TOKEN_DAYS,
        TokenValidityUnits: { RefreshToken: 'days' },
      }),
    );
    clientId = UserPoolClient!.ClientId!;
  }
  const { UserPoolClient } = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }));
  const clientSecret = UserPoolClient?.ClientSecret;
  if (!clientSecret) throw new Error(`The local app client ${clientId} has no secret`);
  const { Groups } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  for (const role of ROLES) {
    if (!Groups?.some((group) => group.GroupName === role)) {
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role }));
    }
  }
  return { userPoolId, clientId, clientSecret };
}
