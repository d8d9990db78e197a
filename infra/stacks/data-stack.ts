import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_DESIGN } from '#functions/data/table-design.ts';
import { KnowledgeIndexBucket } from '../constructs/knowledge-index.ts';

const string = (name: string) => ({ name, type: AttributeType.STRING });

/** The one table, built from TABLE_DESIGN so the keys here and in the data layer cannot drift. */
export class DataStack extends Stack {
  readonly table: Table;
  /**
   * What CloudFront sends the API as x-origin-verify, so the functions can tell requests
   * that came through the edge (whose viewer address they may trust) from direct calls.
   */
  readonly edgeSecret: Secret;
  /** The knowledge index's bucket (docs/ai.md, "Search"): built from the table's chunks, read by the searching functions. */
  readonly knowledgeIndex: KnowledgeIndexBucket;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.table = new Table(this, 'Table', {
      partitionKey: string(TABLE_DESIGN.partitionKey),
      sortKey: string(TABLE_DESIGN.sortKey),
      timeToLiveAttribute: TABLE_DESIGN.timeToLiveAttribute,
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Users' data outlives a stack deletion, and a console or API DeleteTable is refused too.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_DESIGN.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }
    this.edgeSecret = new Secret(this, 'EdgeSecret', {
      description: 'Sent by CloudFront to the API as x-origin-verify (functions/lib/viewer-address.ts)',
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    this.knowledgeIndex = new KnowledgeIndexBucket(this, 'KnowledgeIndex');
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    // The seeding script builds the indexes into it (KNOWLEDGE_INDEX_BUCKET, docs/deploy.md).
    new CfnOutput(this, 'KnowledgeIndexBucketName', { value: this.knowledgeIndex.bucket.bucketName });
  }
}
