import { existsSync } from 'node:fs';
import { CfnOutput, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId, type AwsSdkCall } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { keys } from '#functions/data/table-design.ts';

export interface WebStackProps extends StackProps {
  /** `https://<id>.execute-api.<region>.amazonaws.com`, served under /api/*. */
  readonly apiEndpoint: string;
  /** Where the built web app is; deployed only if it exists, so a fresh clone synthesises. */
  readonly webDistPath: string;
  /** The table the functions read the public origin from (CONFIG/SITE, see functions/lib/site-url.ts). */
  readonly table: ITable;
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

    const distribution = new Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the API needs (Authorization, query, body) except Host, which must
          // be the API's own domain for API Gateway to route the request.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      },
    });

    if (existsSync(props.webDistPath)) {
      new BucketDeployment(this, 'Deploy', {
        sources: [Source.asset(props.webDistPath)],
        destinationBucket: bucket,
        distribution,
        distributionPaths: ['/*'],
      });
    }

    const siteUrl = `https://${distribution.distributionDomainName}`;
    writeSiteConfig(this, props.table, siteUrl);
    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'BucketName', { value: bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
  }
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
