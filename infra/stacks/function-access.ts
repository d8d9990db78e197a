import { CONSUMERS } from '#events/catalogue.ts';
import { COGNITO_TRIGGERS, ROUTES } from '#functions/routes.ts';
import type { FunctionAccess } from '../constructs/project-function.ts';

/**
 * What each function may touch, keyed by its name in ROUTES, COGNITO_TRIGGERS and
 * CONSUMERS. Synthesis stops on a function with no entry here, and
 * tests/infra/bundles.test.ts fails when a bundle calls an SDK command that its entry
 * does not allow (or is allowed one it never calls).
 *
 * Loosely typed on purpose: functions are added in other folders, and a missing entry
 * should stop synthesis with a clear message rather than break everyone's type check.
 */
const ROUTE_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  SignUp: { table: 'readWrite', cognito: ['AdminGetUser'], sendMail: true, readSiteUrl: true },
  ConfirmSignUp: { table: 'readWrite', cognito: ['AdminConfirmSignUp', 'AdminGetUser', 'AdminUpdateUserAttributes'] },
  SignIn: { table: 'readWrite' },
  RefreshSession: {},
  SignOut: {},
  RequestPasswordReset: { table: 'readWrite', cognito: ['AdminGetUser'], sendMail: true, readSiteUrl: true },
  VerifyPasswordReset: { table: 'read' },
  ResetPassword: { table: 'readWrite', cognito: ['AdminSetUserPassword'] },
  GetMe: { table: 'read' },
  ListUsers: { table: 'read' },
};

const TRIGGER_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  PostConfirmation: { table: 'readWrite', cognito: ['AdminAddUserToGroup'], publishEvents: true },
};

const CONSUMER_ACCESS: Readonly<Record<string, FunctionAccess>> = {
  'send-welcome-email': { table: 'readWrite', sendMail: true, readSiteUrl: true },
  'update-progress': { table: 'readWrite' },
  'update-streak': { table: 'readWrite' },
  'write-leaderboard-entry': { table: 'readWrite' },
};

function accessOf(table: Readonly<Record<string, FunctionAccess>>, kind: string, name: string): FunctionAccess {
  const access = table[name];
  if (!access) throw new Error(`No IAM access declared for ${kind} "${name}": add it to infra/stacks/function-access.ts`);
  return access;
}
export const routeAccess = (name: string) => accessOf(ROUTE_ACCESS, 'route', name);
export const triggerAccess = (name: string) => accessOf(TRIGGER_ACCESS, 'Cognito trigger', name);
export const consumerAccess = (name: string) => accessOf(CONSUMER_ACCESS, 'event consumer', name);

/** Every Lambda of the platform with its entry and access, for the bundle benchmark and tests. */
export function allFunctions(): { name: string; entry: `functions/${string}.ts`; access: FunctionAccess }[] {
  return [
    ...ROUTES.map((r) => ({ name: r.name, entry: r.entry, access: routeAccess(r.name) })),
    ...Object.values(COGNITO_TRIGGERS).map((t) => ({ name: t.name, entry: t.entry, access: triggerAccess(t.name) })),
    ...Object.entries(CONSUMERS).map(([name, c]) => ({ name, entry: c.entry, access: consumerAccess(name) })),
  ];
}
