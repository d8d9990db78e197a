import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleExtras, NLP_ENTRIES } from '#infra/constructs/bundle-extras.ts';
import { esbuildOptions, REPO_ROOT } from '#infra/constructs/bundling.ts';
import { mailActions, type FunctionAccess } from '#infra/constructs/project-function.ts';
import { allFunctions } from '#infra/stacks/function-access.ts';
import { pdfText } from '../support/pdf-text.ts';
import { lambdaBundles, type LambdaBundle } from './support/lambda-bundles.ts';

/**
 * Bundles every Lambda the way the CDK app does, then checks what a deploy would
 * only reveal in AWS: that the bundle loads as ESM, finds what is shipped beside it
 * (infra/constructs/bundle-extras.ts), and that the IAM access declared in
 * infra/stacks/function-access.ts matches the SDK commands the bundle contains.
 */

/** A bundle is parsed at every cold start (scripts/bench-bundles.ts prints the figures). */
const BUDGET_BYTES = 500 * 1024;
/**
 * Bundles still over the budget, each held to its size today so it cannot grow. None since the
 * SDK's credential chain was cut to the environment link (functions/lib/lambda-credentials.ts).
 * Remove an entry once its bundle is under BUDGET_BYTES (the test says so).
 */
const OVER_BUDGET: Readonly<Record<string, number>> = {};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The largest contributors to a bundle: bytes per npm package, or per file of ours. */
function largestParts(inputs: Record<string, { bytesInOutput: number }>, count = 6): string {
  const sizes = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
    const part = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file;
    sizes.set(part, (sizes.get(part) ?? 0) + bytesInOutput);
  }
  return [...sizes].sort((a, b) => b[1] - a[1]).slice(0, count).map(([part, bytes]) => `${part} ${kb(bytes)}`).join(', ');
}

// Cognito calls that are authorised by the user's credentials or client id, not by IAM.
/** What the app client calls, so with its secret (SECRET_HASH, or the secret itself for RevokeToken): the `clientSecret` flag. */
const AS_APP_CLIENT = new Set(['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'InitiateAuth', 'RespondToAuthChallenge', 'RevokeToken', 'ForgotPassword', 'ConfirmForgotPassword']);
const PUBLIC_COGNITO = new Set(['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'InitiateAuth', 'RespondToAuthChallenge', 'RevokeToken', 'ForgotPassword', 'ConfirmForgotPassword', 'GetUser', 'GlobalSignOut', 'ChangePassword', 'AssociateSoftwareToken', 'VerifySoftwareToken', 'SetUserMFAPreference']);
const TABLE_WRITES = new Set(['Put', 'Update', 'Delete', 'BatchWrite', 'TransactWrite', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
const TABLE_READS = new Set(['Get', 'BatchGet', 'TransactGet', 'GetItem', 'BatchGetItem', 'TransactGetItems']);
// Always present: the document client's paginators and endpoint discovery pull these in
// whether or not a handler queries, so they say nothing about the handler.
const TABLE_NOISE = new Set(['Query', 'Scan', 'DescribeEndpoints']);
// The AI layer's Bedrock calls (functions/ai/bedrock.ts), granted by the `ai` flag.
const AI_COMMANDS = new Set(['ConverseStream', 'InvokeModel']);

/**
 * The IAM action each kind of SES v2 `SendEmail` content is authorised as: the same API and
 * command file, but `Content.Raw` is `ses:SendRawEmail`, `Simple` (attachments included) and
 * `Template` are `ses:SendEmail`. The command file cannot tell them apart, so the kind is read
 * from our own code's `new SendEmailCommand({ Content: { … } })`.
 */
const SES_CONTENT_ACTIONS: Readonly<Record<string, string>> = { Simple: 'ses:SendEmail', Template: 'ses:SendEmail', Raw: 'ses:SendRawEmail' };

/** The SES actions the `new SendEmailCommand(…)` calls in one source file need; a call whose content kind cannot be read is `unknown`. */
function sesSendActions(source: string, fileName = 'source.ts'): { actions: string[]; unknown: string[] } {
  const actions = new Set<string>();
  const unknown: string[] = [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const propertyOf = (literal: ts.ObjectLiteralExpression, name: string) =>
    literal.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(file) === name);
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText(file) === 'SendEmailCommand') {
      const [input] = node.arguments ?? [];
      const content = input && ts.isObjectLiteralExpression(input) ? propertyOf(input, 'Content')?.initializer : undefined;
      const kinds = content && ts.isObjectLiteralExpression(content) ? content.properties.map((p) => p.name?.getText(file) ?? '?') : ['?'];
      for (const kind of kinds) {
        if (SES_CONTENT_ACTIONS[kind]) actions.add(SES_CONTENT_ACTIONS[kind]);
        else unknown.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1} SendEmail content ${kind} (write Content: { Simple | Raw | Template: … } literally)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { actions: [...actions].sort(), unknown };
}

/** The access a bundle needs, derived from the `@aws-sdk/<client>/dist-es/commands/<X>Command.js` files in it. */
function accessNeeded(inputs: string[]) {
  const needed = { table: new Set<string>(), cognito: new Set<string>(), mail: false, mailActions: new Set<string>(), publish: false, push: false, ai: false, matchSteps: false, clientSecret: false, unknown: [] as string[] };
  for (const file of inputs) {
    // Our own code that sends mail: which content kinds, hence which SES actions.
    if (!file.includes('node_modules/') && /\.tsx?$/.test(file)) {
      const source = readFileSync(path.resolve(REPO_ROOT, file), 'utf8');
      if (source.includes('SendEmailCommand')) {
        const ses = sesSendActions(source, file);
        ses.actions.forEach((a) => needed.mailActions.add(a));
        needed.unknown.push(...ses.unknown);
      }
    }
    const match = /node_modules\/@aws-sdk\/([^/]+)\/dist-es\/commands\/(\w+)Command\.js$/.exec(file);
    // The AI layer's Bedrock client ships beside the bundle (bundle-extras.ts): its caller is the sign.
    if (file.endsWith('functions/ai/bedrock.ts')) needed.ai = true;
    if (!match) continue;
    const [, client, command] = match as unknown as [string, string, string];
    if (client === 'client-cognito-identity-provider') {
      if (!PUBLIC_COGNITO.has(command)) needed.cognito.add(command);
      if (AS_APP_CLIENT.has(command)) needed.clientSecret = true;
    } else if (client === 'lib-dynamodb' || client === 'client-dynamodb') {
      if (TABLE_WRITES.has(command)) needed.table.add('write');
      else if (TABLE_READS.has(command)) needed.table.add('read');
      else if (!TABLE_NOISE.has(command)) needed.unknown.push(`${client} ${command}`);
    } else if (client === 'client-sesv2' && command === 'SendEmail') needed.mail = true;
    else if (client === 'client-eventbridge' && command === 'PutEvents') needed.publish = true;
    else if (client === 'client-apigatewaymanagementapi' && (command === 'PostToConnection' || command === 'DeleteConnection')) needed.push = true;
    else if (client === 'client-bedrock-runtime' && AI_COMMANDS.has(command)) needed.ai = true;
    // The one queue functions send to themselves (functions/tournaments/send-step.ts), granted by `sendMatchSteps`.
    else if (client === 'client-sqs' && command === 'SendMessage') needed.matchSteps = true;
    else if (client !== 'nested-clients') needed.unknown.push(`${client} ${command}`); // nested-clients: credential providers
  }
  return needed;
}

/** The entry a bundle's SDK commands call for, to paste into function-access.ts. */
function suggestion(n: ReturnType<typeof accessNeeded>): string {
  const access: FunctionAccess = {
    ...(n.table.size ? { table: n.table.has('write') ? 'readWrite' : 'read' } : {}),
    ...(n.cognito.size ? { cognito: [...n.cognito].sort() } : {}),
    ...(n.publish ? { publishEvents: true } : {}),
    ...(n.mail ? { sendMail: true } : {}),
    ...(n.push ? { push: true } : {}),
    ...(n.ai ? { ai: true } : {}),
    ...(n.matchSteps ? { sendMatchSteps: true } : {}),
    ...(n.clientSecret ? { clientSecret: true } : {}),
  };
  return JSON.stringify(access).replace(/"(\w+)":/g, '$1: ').replace(/,(?=\w)/g, ', ').replace(/"/g, "'");
}

const functions = allFunctions();
/** Each function's bundle (shared with ai-bundles.test.ts), its inputs named and its largest parts listed. */
let bundles: Map<string, LambdaBundle & { inputNames: string[]; parts: string }>;

beforeAll(async () => {
  bundles = new Map([...(await lambdaBundles())].map(([name, b]) => [name, { ...b, inputNames: Object.keys(b.inputs), parts: largestParts(b.inputs) }]));
}, 300_000); // ~140 bundles: minutes on a 2-core machine busy with other tests

describe('the SES content check', () => {
  it('tells the content kinds apart: Raw needs ses:SendRawEmail, Simple (with attachments) and Template ses:SendEmail', () => {
    const send = (content: string) => `await client.send(new SendEmailCommand({ FromEmailAddress: from, Content: ${content} }));`;
    expect(sesSendActions(send('{ Raw: { Data: mime } }'))).toEqual({ actions: ['ses:SendRawEmail'], unknown: [] });
    expect(sesSendActions(send('{ Simple: { Subject, Body, Attachments: [pdf] } }'))).toEqual({ actions: ['ses:SendEmail'], unknown: [] });
    expect(sesSendActions(send('{ Template: { TemplateName: "x" } }'))).toEqual({ actions: ['ses:SendEmail'], unknown: [] });
    // Content the check cannot read is reported, not assumed.
    expect(sesSendActions(send('content')).unknown).toHaveLength(1);
  });
});

describe('Lambda bundles', () => {
  it('load as ES modules in plain Node and export a handler function', () => {
    // A separate Node process, as in Lambda: no test runner transforms in between.
    const urls = [...bundles.values()].map((b) => pathToFileURL(b.file).href);
    const script = `const urls = ${JSON.stringify(urls)};
      const kinds = await Promise.all(urls.map(async (u) => typeof (await import(u)).handler));
      console.log(JSON.stringify(kinds));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(urls.map(() => 'function'));
  });

  it('the progress report consumer makes its PDF from what is shipped beside its bundle: jspdf and the font, text outside Windows-1252 included', async () => {
    const consumer = functions.find((fn) => fn.entry === 'functions/reports/send-report-mail.ts')!;
    const dir = path.dirname(bundles.get(consumer.name)!.file);
    // jspdf (~360 KB) is beside the bundle, not in it: the bundle itself stays within the budget.
    expect(bundleExtras(consumer.entry).packages).toEqual(['jspdf']);
    expect(bundles.get(consumer.name)!.bytes).toBeLessThan(BUDGET_BYTES);
    expect(bundles.get(consumer.name)!.inputNames.some((input) => input.includes('node_modules/jspdf/'))).toBe(false);
    // The handler's own code as bundled (report-pdf.ts, report-font.ts), run from the bundle's directory in plain Node.
    const probe = path.join(dir, 'probe.mjs');
    const { entryPoints: _entry, ...options } = esbuildOptions(consumer.entry, probe);
    await build({
      ...options,
      sourcemap: false,
      stdin: {
        resolveDir: REPO_ROOT,
        loader: 'ts',
        contents: `import { buildReport } from './shared/reports/report.ts';
          import { reportPdf } from './shared/reports/report-pdf.ts';
          import { reportFont } from './functions/reports/report-font.ts';
          const now = new Date();
          const report = buildReport({ now, days: 7, attempts: [], achievementUnlocks: [], streak: 0 });
          const pdf = await reportPdf(report, { studentEmail: 'probe@example.com', studentName: 'Łódź Việt Nam', generatedAt: now }, await reportFont());
          process.stdout.write(Buffer.from(pdf).toString('base64'));`,
      },
    });
    const pdf = Buffer.from(execFileSync(process.execPath, [probe], { cwd: dir, encoding: 'utf8' }), 'base64');
    expect(pdfText(pdf)).toEqual(expect.arrayContaining(['Student: probe@example.com', 'Name: Łódź Việt Nam']));
  });

  describe.each(functions)('$name ($entry)', (fn) => {
    const needed = () => accessNeeded(bundles.get(fn.name)?.inputNames ?? []);
    const declared = (): FunctionAccess => fn.access ?? {};

    it(`is under the ${BUDGET_BYTES / 1024} KB budget (parsed at every cold start)`, () => {
      const bundle = bundles.get(fn.name)!;
      const ceiling = OVER_BUDGET[fn.name];
      if (ceiling === undefined) {
        expect(bundle.bytes, `${fn.name} (${fn.entry}) is ${kb(bundle.bytes)}, over the ${kb(BUDGET_BYTES)} budget; largest parts: ${bundle.parts}`).toBeLessThan(BUDGET_BYTES);
      } else {
        expect(bundle.bytes, `${fn.name} (${fn.entry}) is ${kb(bundle.bytes)}, over its ceiling of ${kb(ceiling)}; largest parts: ${bundle.parts}`).toBeLessThan(ceiling);
        expect(bundle.bytes, `${fn.name} is ${kb(bundle.bytes)}, under the budget now: remove it from OVER_BUDGET`).toBeGreaterThanOrEqual(BUDGET_BYTES);
      }
    });

    it('carries wink-nlp beside it if and only if it holds the NLP module (tests/infra/ai-bundles.test.ts runs it there)', () => {
      const holdsNlp = bundles.get(fn.name)!.inputNames.some((input) => input.endsWith('functions/ai/nlp.ts'));
      expect(NLP_ENTRIES.has(fn.entry), `${holdsNlp ? 'add' : 'remove'} ${fn.entry} ${holdsNlp ? 'to' : 'from'} NLP_ENTRIES in infra/constructs/bundle-extras.ts`).toBe(holdsNlp);
      expect(bundleExtras(fn.entry).packages.includes('wink-nlp')).toBe(holdsNlp);
    });

    it('has its access declared in infra/stacks/function-access.ts', () => {
      expect(fn.access, `declare: ${JSON.stringify(fn.name)}: ${suggestion(needed())}`).toBeDefined();
    });

    it('calls no SDK command the access check does not know', () => {
      expect(needed().unknown).toEqual([]);
    });

    it('is granted exactly the Cognito admin actions it calls', () => {
      expect([...needed().cognito].sort()).toEqual([...(declared().cognito ?? [])].sort());
    });

    it('knows the app client secret (USER_POOL_CLIENT_SECRET) if and only if it calls Cognito as the app client', () => {
      expect(needed().clientSecret).toBe(Boolean(declared().clientSecret));
    });

    it('writes the table if and only if it is granted readWrite', () => {
      expect(needed().table.has('write')).toBe(declared().table === 'readWrite');
      if (needed().table.has('read')) expect(declared().table).toBeDefined();
    });

    it('is granted the SES action of each kind of mail content it sends (Raw is ses:SendRawEmail, Simple ses:SendEmail)', () => {
      const n = needed();
      expect([...n.mailActions].sort(), `${fn.name} sends ${[...n.mailActions].join(', ') || 'no mail'}; its role allows ${mailActions(declared()).join(', ') || 'none'}`).toEqual(
        n.mail ? mailActions(declared()) : [],
      );
    });

    it('sends mail, publishes events, pushes to WebSocket connections, calls Bedrock and hands live match steps only as declared', () => {
      const n = needed();
      expect({ mail: n.mail, publish: n.publish, push: n.push, ai: n.ai, matchSteps: n.matchSteps }).toEqual({
        mail: Boolean(declared().sendMail),
        publish: Boolean(declared().publishEvents),
        push: Boolean(declared().push),
        ai: Boolean(declared().ai),
        matchSteps: Boolean(declared().sendMatchSteps),
      });
    });
  });
});
