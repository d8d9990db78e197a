import { existsSync } from 'node:fs';
import path from 'node:path';
import { Aws, CfnCondition, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId, type AwsSdkCall } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { keys } from '#functions/data/table-design.ts';
import { EDGE_HEADERS } from '#functions/lib/viewer-address.ts';
import { API_CSP, COMMON_HEADERS, HSTS_MAX_AGE_SECONDS, SITE_CSP } from '../edge/security-headers.ts';
import { EdgeAccessLog } from '../constructs/edge-access-log.ts';
import { EdgeFirewall } from '../constructs/edge-firewall.ts';
import type { SiteDomain } from '../stage-config.ts';

export interface WebStackProps extends StackProps {
  /** `https://<id>.execute-api.<region>.amazonaws.com`, served under /api/*. */
  readonly apiEndpoint: string;
  /**
   * The WebSocket API (realtime stack), served under /ws: its stage is named `ws`, so the
   * path CloudFront forwards is the stage's, and the browser connects to its own origin.
   */
  readonly webSocketApiId?: string;
  /**
   * Where the built web app is (`npm run build:web`). Without its index.html the stack refuses
   * to synthesise: a deploy must never replace the site with an empty one. Tests synthesise
   * with a stand-in build (tests/support/web-dist.ts).
   */
  readonly webDistPath: string;
  /** The table the functions read the public origin from (CONFIG/SITE, see functions/lib/site-url.ts). */
  readonly table: ITable;
  /** Sent to the API as x-origin-verify, so it trusts the viewer address this edge adds. */
  readonly edgeSecret: ISecret;
  /**
   * A CloudFront web ACL made in us-east-1 (context `webAclArn`), for a stage deployed in another
   * region; in us-east-1 the stack makes its own (EdgeFirewall) unless this is given.
   */
  readonly webAclArn?: string;
  /** The site's own domain and its us-east-1 certificate (context `domainName`, `certificateArn`); else the CloudFront domain. */
  readonly domain?: SiteDomain;
}

/**
 * Viewer-request rewrite for the single-page app: a path whose last segment has no dot
 * is an app route and gets the shell. Only the bucket's behaviour runs it, so an API 404
 * stays an API 404 (distribution-wide error responses would turn it into index.html).
 */
export const SPA_REWRITE_SOURCE = `function handler(event) {
  var request = event.request;
  if (!/\\.[^/]*$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/**
 * Viewer-request function of the API behaviour: the viewer's address, as CloudFront saw the
 * connection, replaces whatever the client sent under that name (the origin secret is added
 * by CloudFront itself as an origin custom header, which overrides a viewer's).
 */
export const VIEWER_ADDRESS_SOURCE = `function handler(event) {
  var request = event.request;
  request.headers['${EDGE_HEADERS.viewerAddress}'] = { value: event.viewer.ip };
  delete request.headers['${EDGE_HEADERS.originVerify}'];
  return request;
}`;

/** A response headers policy with the edge's common headers and the given CSP (infra/edge/security-headers.ts). */
function securityHeaders(scope: Construct, id: string, contentSecurityPolicy: string): ResponseHeadersPolicy {
  // Set through securityHeadersBehavior below; the rest go as custom headers.
  const { 'x-content-type-options': _, 'x-frame-options': __, 'referrer-policy': ___, ...custom } = COMMON_HEADERS;
  return new ResponseHeadersPolicy(scope, id, {
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
    },
    customHeadersBehavior: { customHeaders: Object.entries(custom).map(([header, value]) => ({ header, value, override: true })) },
  });
}

/** The web app: a private bucket behind CloudFront, which also fronts the API under /api. */
export class WebStack extends Stack {
  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const bucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // Build output only: rebuilt from the repository, so it goes with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_SOURCE),
      runtime: FunctionRuntime.JS_2_0,
    });
    const apiDomain = Fn.select(2, Fn.split('/', props.apiEndpoint));
    const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
      code: FunctionCode.fromInline(VIEWER_ADDRESS_SOURCE),
      runtime: FunctionRuntime.JS_2_0,
    });

    // CloudFront's web ACLs and its log delivery sources exist in us-east-1 only, and this stack is
    // environment-agnostic: both are created when the stack is deployed there (a condition decided
    // by CloudFormation at deploy time); elsewhere the operator passes an ACL made in us-east-1.
    const inUsEast1 = new CfnCondition(this, 'InUsEast1', { expression: Fn.conditionEquals(Aws.REGION, 'us-east-1') });
    const firewall = props.webAclArn ? undefined : new EdgeFirewall(this, 'Firewall', { metricPrefix: this.stackName, condition: inUsEast1 });
    const webAclId = props.webAclArn ?? Fn.conditionIf(inUsEast1.logicalId, firewall!.webAcl.attrArn, Aws.NO_VALUE).toString();

    const distribution = new Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      webAclId,
      // With a custom domain, TLS 1.2 or later only; the default *.cloudfront.net certificate cannot set a minimum.
      ...(props.domain
        ? {
            domainNames: [props.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders(this, 'SiteHeaders', SITE_CSP),
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [EDGE_HEADERS.originVerify]: props.edgeSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the API needs (Authorization, query, body) except Host, which must
          // be the API's own domain for API Gateway to route the request.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders(this, 'ApiHeaders', API_CSP),
          functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        // CloudFront passes WebSocket upgrades through; the query (`?token=`) and the
        // Sec-WebSocket-* headers go to the origin, Host stays the API's own.
        ...(props.webSocketApiId
          ? {
              '/ws': {
                origin: new HttpOrigin(`${props.webSocketApiId}.execute-api.${this.region}.amazonaws.com`, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
                viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
                cachePolicy: CachePolicy.CACHING_DISABLED,
                originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
              },
            }
          : {}),
      },
    });

    new EdgeAccessLog(this, 'AccessLog', { distribution, name: this.stackName, condition: inUsEast1 });
    deploySite(this, bucket, distribution, props.webDistPath);

    // Links in e-mails name the site's own domain when it has one.
    const siteUrl = `https://${props.domain?.name ?? distribution.distributionDomainName}`;
    writeSiteConfig(this, props.table, siteUrl);
    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    // The record the operator points the domain at (CNAME, or a Route 53 alias).
    if (props.domain) new CfnOutput(this, 'DomainTarget', { value: distribution.distributionDomainName });
    new CfnOutput(this, 'BucketName', { value: bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
  }
}

/** Build output whose file names are hashes of their content (Vite's assets/, the flag images): a name's bytes never change. */
export const HASHED_PATHS = ['assets/*', 'flags/*'];
/** A year, immutable: a browser or CloudFront never asks again for a hashed file. */
export const HASHED_CACHE_CONTROL = [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()];
/** Everything else (index.html, sw.js, the manifest, favicon): revalidated on every use, so a deploy is seen at once. */
export const SHELL_CACHE_CONTROL = [CacheControl.noCache()];

/** The error synthesis stops with when there is no built web app to deploy. */
export function missingWebDist(webDistPath: string): string | undefined {
  if (existsSync(path.join(webDistPath, 'index.html'))) return undefined;
  return `No built web app: ${path.join(webDistPath, 'index.html')} does not exist. Run \`npm run build:web\` before \`cdk synth\` or \`cdk deploy\` (deploying without it would replace the site with an empty one).`;
}

/**
 * Two uploads of the same build, so that a tab opened before a deploy keeps working after it:
 * first the hashed files, cached for a year as immutable; then the shell (index.html, sw.js,
 * manifest), no-cache, which names the new hashed files only once they are there, followed by
 * the CloudFront invalidation. Neither prunes: the previous builds' chunks stay in the bucket
 * for the tabs (and service workers) that still ask for them. Hashed files are small and
 * never overwritten; an operator may delete old ones (runbook in the README).
 */
function deploySite(scope: Construct, bucket: Bucket, distribution: Distribution, webDistPath: string): void {
  const missing = missingWebDist(webDistPath);
  if (missing) throw new Error(missing);
  const source = Source.asset(webDistPath);
  const hashed = new BucketDeployment(scope, 'DeployHashedAssets', {
    sources: [source],
    destinationBucket: bucket,
    exclude: ['*'],
    include: HASHED_PATHS,
    cacheControl: HASHED_CACHE_CONTROL,
    prune: false,
  });
  const shell = new BucketDeployment(scope, 'DeployShell', {
    sources: [source],
    destinationBucket: bucket,
    exclude: HASHED_PATHS,
    cacheControl: SHELL_CACHE_CONTROL,
    prune: false,
    distribution,
    distributionPaths: ['/*'],
  });
  shell.node.addDependency(hashed);
}

/**
 * Puts `{ ...keys.siteConfig(), url }` into the table on create and whenever the URL
 * changes. Nothing happens on delete: the table outlives this stack, a redeployed stack
 * overwrites the item, and a delete would need a wider grant (and, were the resource ever
 * replaced, would remove the item its replacement had just written).
 */
function writeSiteConfig(scope: Construct, table: ITable, url: string): AwsCustomResource {
  const item = { ...keys.siteConfig(), url };
  const putItem: AwsSdkCall = {
    service: 'DynamoDB',
    action: 'PutItem',
    parameters: {
      TableName: table.tableName,
      Item: Object.fromEntries(Object.entries(item).map(([name, value]) => [name, { S: value }])),
    },
    // One item, one physical resource: an update puts again instead of replacing.
    physicalResourceId: PhysicalResourceId.of('site-config'),
  };
  return new AwsCustomResource(scope, 'SiteConfig', {
    resourceType: 'Custom::SiteConfig',
    onCreate: putItem,
    onUpdate: putItem,
    policy: AwsCustomResourcePolicy.fromStatements([new PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [table.tableArn] })]),
    // The runtime's SDK does a PutItem; fetching the latest SDK at deploy time only adds a failure mode.
    installLatestAwsSdk: false,
  });
}
