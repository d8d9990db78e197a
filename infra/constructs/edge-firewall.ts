import type { CfnCondition } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { AUTH_PATH_PREFIX } from '#functions/throttle.ts';

/**
 * Requests one address may make to /api/auth/* in five minutes before WAF answers 429 for the rest
 * of the window. Above the handlers' own per-address limits (50 sign-ins, sign-ups in 5 minutes),
 * so WAF only cuts off floods, and a school's shared address keeps working.
 */
export const AUTH_RATE_LIMIT = { requests: 300, windowSeconds: 300 } as const;

export interface EdgeFirewallProps {
  /** Metric names of the ACL and its rules start with this (the stack's name). */
  readonly metricPrefix: string;
  /** CloudFront's web ACLs exist in us-east-1 only: the ACL is created where this holds. */
  readonly condition: CfnCondition;
}

/**
 * The web ACL in front of CloudFront: a per-address rate limit on /api/auth/* (credential
 * stuffing, sign-up floods) and AWS's common rule set (bad bots, known exploits, oversized
 * headers). The common set's 8 KB body rule only counts: the API bounds bodies itself (1 MB) and
 * admin uploads and tutor questions are larger than 8 KB.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const visibility = (name: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: `${props.metricPrefix}-${name}` });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'QuizQuest edge - rate limit on the auth routes, AWS common rule set',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('edge'),
      customResponseBodies: { TooManyRequests: { contentType: 'APPLICATION_JSON', content: '{"message":"Too Many Requests"}' } },
      rules: [
        {
          name: 'AuthRateLimit',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          statement: {
            rateBasedStatement: {
              limit: AUTH_RATE_LIMIT.requests,
              evaluationWindowSec: AUTH_RATE_LIMIT.windowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: AUTH_PATH_PREFIX,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('auth-rate'),
        },
        {
          name: 'AWSManagedRulesCommonRuleSet',
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('common'),
        },
      ],
    });
    this.webAcl.cfnOptions.condition = props.condition;
  }
}
