import { CfnResource, type IPolicyValidationContext, type IPolicyValidationPlugin, type PolicyValidationPluginReport, Stack, Validations } from 'aws-cdk-lib';
import { CfnRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { ROUTES } from '#functions/routes.ts';

/**
 * Every cdk-nag (AwsSolutions) finding this app accepts, with its reason, in one place:
 * infra/app.ts registers a validation plugin that applies them when `cdk synth` runs the checks
 * (after synthesis), and tests/infra/nag.test.ts applies the same ones and asserts nothing else
 * is found.
 *
 * cdk-nag 3 acknowledges exact finding ids only (`AwsSolutions-IAM5[Resource::<arn>]`), and
 * those ids carry the stage's stack names, so an entry here is a pattern: the rule or finding
 * id, the construct paths it covers, and optionally a check of the resource itself. Keep each
 * as narrow as the reason: a new function with the same finding is covered, a new kind of
 * finding is not.
 */
export interface NagAcknowledgment {
  /** The rule id, or for per-action/resource rules (IAM4, IAM5) the finding id. */
  readonly finding: RegExp;
  /** The construct paths it applies to (`<stack>/<construct>/…/Resource`). */
  readonly path: RegExp;
  /** Narrows further by what the resource says (e.g. a policy's statements). */
  readonly when?: (resource: CfnResource) => boolean;
  /**
   * `by-design`: acceptable for this product as it is. `being-fixed`: a real finding that an
   * planned change removes: delete the entry once it no longer matches (the nag test says so).
   * `accepted-risk`: real, and needs more than a one-line change (said in the reason).
   */
  readonly status: 'by-design' | 'being-fixed' | 'accepted-risk';
  readonly reason: string;
}

const escape = (text: string) => text.replace(/[$.*+?^(){}[\]|\\]/g, '\\$&');
const oneOf = (names: readonly string[]) => names.map(escape).join('|');

/** The statements of an IAM policy whose Resource is, or includes, "*". */
function starStatements(resource: CfnResource): { Action: string | string[] }[] {
  if (!(resource instanceof CfnPolicy)) return [];
  const document = Stack.of(resource).resolve(resource.policyDocument) as { Statement: { Action: string | string[]; Resource: unknown }[] };
  return document.Statement.filter((s) => s.Resource === '*' || (Array.isArray(s.Resource) && s.Resource.includes('*')));
}

const PUBLIC_ROUTES = ROUTES.filter((route) => route.auth === 'public').map((route) => route.name);

export const NAG_ACKNOWLEDGMENTS: readonly NagAcknowledgment[] = [
  // --- IAM: what CDK and the services need ---
  {
    finding: /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AWSLambdaBasicExecutionRole\]$/,
    path: /\/ServiceRole\/Resource$/,
    status: 'by-design',
    reason: "Every function's role: the AWS-managed policy grants only CloudWatch Logs CreateLogGroup/CreateLogStream/PutLogEvents; the function's own grants are inline and scoped (infra/constructs/project-function.ts).",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::[^\]]*Table[^\]]*\/index\/\*\]$/,
    path: /\/DefaultPolicy\/Resource$/,
    status: 'by-design',
    reason: "Table grants include the table's own GSIs (<table arn>/index/*): the indexes of the one table, nothing else.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::[^\]]*KnowledgeIndexBucket[^\]]*\/knowledge-index\/\*\]$/,
    path: /\/DefaultPolicy\/Resource$/,
    status: 'by-design',
    reason: "The knowledge index's objects (<bucket arn>/knowledge-index/*): their keys name the model, subject and version, known only when a search or a build runs (docs/ai.md); searchers may only read, the embed-document consumer also write.",
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:execute-api:[^\]]*\/ws\/(POST|DELETE)\/@connections\/\*\]$/,
    path: /\/DefaultPolicy\/Resource$/,
    status: 'by-design',
    reason: 'Push and close (PostToConnection/DeleteConnection) on the ws stage of our WebSocket API: connection ids exist only at run time.',
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity\/\*\]$/,
    path: /\/DefaultPolicy\/Resource$/,
    status: 'by-design',
    reason: 'ses:SendEmail on identity/* with the condition ses:FromAddress = mailFrom: SES checks the sending identity (address or domain) and, in the sandbox, the recipients too.',
  },
  {
    finding: /^AwsSolutions-IAM5\[Resource::<[A-Za-z0-9]+\.Arn>:\*\]$/,
    path: /-Schedules\/InvokerRole\/DefaultPolicy\/Resource$/,
    status: 'by-design',
    reason: "EventBridge Scheduler's role may invoke each job's function (lambda:InvokeFunction on <function arn>:*, CDK's grantInvoke: the function's versions and aliases).",
  },
  {
    finding: /^AwsSolutions-IAM4\[Policy::arn:<AWS::Partition>:iam::aws:policy\/service-role\/AmazonAPIGatewayPushToCloudWatchLogs\]$/,
    path: /\/AccountLogging\/Role\/Resource$/,
    status: 'by-design',
    reason: "API Gateway's account-wide CloudWatch Logs role (AWS::ApiGateway::Account), which WebSocket access and execution logs need: the AWS-managed policy is the documented one, and only API Gateway can assume the role.",
  },
  {
    // X-Ray accepts no resource-level permissions; CDK adds these with `tracing: ACTIVE`.
    finding: /^AwsSolutions-IAM5\[Resource::\*\]$/,
    path: /\/ServiceRole\/DefaultPolicy\/Resource$/,
    when: (resource) => {
      const statements = starStatements(resource);
      return statements.length > 0 && statements.every((s) => [s.Action].flat().every((action) => action.startsWith('xray:')));
    },
    status: 'by-design',
    reason: 'X-Ray active tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) supports no resource-level permissions: Resource "*" is the only form.',
  },
  {
    // The singleton functions CDK brings: BucketDeployment (the site upload), AwsCustomResource, auto-delete of objects.
    finding: /^AwsSolutions-(IAM4|IAM5|L1)\b/,
    path: /\/(Custom::[A-Za-z]+[0-9A-Fa-f]{32}|AWS[0-9a-f]{32})\//,
    status: 'by-design',
    reason: "CDK's own provider functions (site upload, custom resources): their runtime and role come with aws-cdk-lib (updated with it), they run only during deployments, and their grants are CDK's (the site bucket, the asset bucket, CloudFront invalidation).",
  },

  // --- API Gateway ---
  {
    finding: /^AwsSolutions-APIG4$/,
    path: new RegExp(`-Api-[A-Za-z]+/(${oneOf(PUBLIC_ROUTES)})/Route/Resource$`),
    status: 'by-design',
    reason: `The routes that functions/*/routes.ts marks auth: 'public' (${PUBLIC_ROUTES.join(', ')}): signing up and in (and its MFA step), the password reset, the landing figures and the public leaderboard happen before a token exists; each limits its callers by address in Lambda.`,
  },
  {
    finding: /^AwsSolutions-APIG4$/,
    path: /-Realtime\/Api\/[^/]+-Route\/Resource$/,
    when: (resource) => resource instanceof CfnRoute && resource.routeKey !== '$connect',
    status: 'by-design',
    reason: 'A WebSocket API authorizes $connect only (the token authorizer); every later route runs on the connection it authorized, and its function checks the connection item.',
  },

  // --- CloudFront and the site bucket ---
  {
    finding: /^AwsSolutions-CFR3$/,
    path: /-Web\/Distribution\/Resource$/,
    status: 'by-design',
    reason:
      "CloudFront logs through standard logging v2 (a log delivery into a CloudWatch log group without query strings, infra/constructs/edge-access-log.ts, issue 18 item 6); the rule looks only for the legacy Logging property. The delivery exists where CloudFront's log sources do: a web stack deployed in us-east-1.",
  },
  {
    finding: /^AwsSolutions-CFR1$/,
    path: /-Web\/Distribution\/Resource$/,
    status: 'by-design',
    reason: 'A quiz site for learners anywhere: no country is refused.',
  },
  {
    finding: /^AwsSolutions-CFR4$/,
    path: /-Web\/Distribution\/Resource$/,
    status: 'accepted-risk',
    reason:
      'Only without a custom domain: the *.cloudfront.net name is served with CloudFront\'s default certificate, which allows TLSv1. With -c domainName and -c certificateArn (docs/runbook.md, a custom domain) the distribution requires TLSv1.2_2021 and this finding does not arise.',
  },
  {
    finding: /^AwsSolutions-S1$/,
    path: /-Data\/KnowledgeIndex\/Bucket\/Resource$/,
    status: 'by-design',
    reason: 'The knowledge index bucket holds only what the functions derive from the table (vectors, postings, manifests) and is rebuilt from it; it is private, TLS-only and reached only by our functions\' roles, so access logs would only record our own Lambdas.',
  },
  {
    finding: /^AwsSolutions-S1$/,
    path: /-Web\/Site\/Resource$/,
    status: 'by-design',
    reason: "The site bucket holds only the built web app and is read only by CloudFront (origin access control); viewers' requests are in CloudFront's access logs (issue 18 item 6), writes only come from deployments (CloudTrail).",
  },

  // --- Cognito and secrets ---
  {
    finding: /^AwsSolutions-COG1$/,
    path: /-Auth\/UserPool\/Resource$/,
    status: 'by-design',
    reason:
      "A pool has one password policy, and students and parents keep the spec's rule (6 characters), so it is the pool's; the staff rule (12+ characters, both cases, a number, a symbol) is enforced by the API wherever a staff password is set (functions/auth/password-rule.ts, issue 18 item 7).",
  },
  {
    finding: /^AwsSolutions-COG2$/,
    path: /-Auth\/UserPool\/Resource$/,
    status: 'by-design',
    reason:
      'MFA is OPTIONAL at the pool: TOTP is offered to every account (issue 18 item 7), and students are not made to use an authenticator app; requiring it of admins is decided in the API, per role, which a pool setting cannot express.',
  },
  {
    finding: /^AwsSolutions-COG8$/,
    path: /-Auth\/UserPool\/Resource$/,
    status: 'by-design',
    reason:
      "The Essentials feature plan: Plus (threat protection) costs about $0.02 per monthly active user, more than the rest of the stack at 1,000 students; the API's own limits guard sign-in and sign-up (issue 18 item 7 closes the direct path to Cognito).",
  },
  {
    finding: /^AwsSolutions-SMG4$/,
    path: /-Data\/EdgeSecret\/Resource$/,
    status: 'by-design',
    reason:
      "The edge secret is also written into CloudFront's origin header at deploy time, which a Secrets Manager rotation cannot update; rotation is a planned change (docs/runbook.md, Rotating the secrets). Its only use is telling CloudFront's requests from direct ones for the viewer address.",
  },
  {
    finding: /^AwsSolutions-SMG4$/,
    path: /-Auth\/WebClientSecret\/Resource$/,
    status: 'by-design',
    reason:
      "A copy of the user pool app client's secret, which Cognito generates and CloudFormation copies in (issue 18 item 7): a Secrets Manager rotation function cannot change the client's secret; it changes with the client (docs/runbook.md, Rotating the secrets).",
  },
];

/** One finding as the AwsSolutions pack reports it. */
export interface NagFinding {
  readonly rule: string;
  readonly severity: string;
  readonly path: string;
  readonly message: string;
}

/** The AwsSolutions findings under `scope` that no acknowledgment covers (yet). */
export function nagFindings(scope: IConstruct): NagFinding[] {
  const report = new AwsSolutionsChecks(undefined, { verbose: false }).validateScope(scope);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => ({ rule: v.ruleName, severity: v.severity ?? 'error', path: r.constructPath ?? '?', message: v.description })),
  );
}

/**
 * Acknowledges, on its resource, every finding an entry of NAG_ACKNOWLEDGMENTS covers, with
 * that entry's reason. Answers what was found before, and the entries that covered nothing
 * (stale: a `being-fixed` one whose fix landed).
 *
 * Call it on a synthesised app: finding ids name cross-stack references, which CDK renders
 * only while synthesising (an id taken before would not be the one the check reports).
 */
export function acknowledgeNagFindings(scope: IConstruct): { before: NagFinding[]; unused: NagAcknowledgment[] } {
  const before = nagFindings(scope);
  const byPath = new Map(scope.node.findAll().map((c) => [c.node.path, c]));
  const used = new Set<NagAcknowledgment>();
  for (const finding of before) {
    const resource = byPath.get(finding.path);
    if (!(resource instanceof CfnResource)) continue;
    const entry = NAG_ACKNOWLEDGMENTS.find((a) => a.finding.test(finding.rule) && a.path.test(finding.path) && (a.when ?? (() => true))(resource));
    if (!entry) continue;
    used.add(entry);
    Validations.of(resource).acknowledge({ id: finding.rule, reason: `[${entry.status}] ${entry.reason}` });
  }
  return { before, unused: NAG_ACKNOWLEDGMENTS.filter((a) => !used.has(a)) };
}

/**
 * The AwsSolutions pack with this app's acknowledgments, for `Validations.of(app).addPlugins`:
 * CDK runs it after synthesis, so the finding ids are final; any finding left fails
 * `cdk synth` and `cdk deploy` with CDK's validation report.
 */
export class AcknowledgedAwsSolutionsChecks implements IPolicyValidationPlugin {
  readonly name = 'AwsSolutions';

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const app = (context as IPolicyValidationContext & { appConstruct?: IConstruct }).appConstruct;
    if (!app) throw new Error('cdk-nag needs the construct tree on the validation context (aws-cdk-lib >= 2.257)');
    acknowledgeNagFindings(app);
    return new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(app);
  }
}
