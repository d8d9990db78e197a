import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * The knowledge index's bucket (docs/ai.md, "Search"): each subject's IVF lists, centroids and
 * BM25 postings, written by the functions that build the index and read by those that search
 * (access flag `knowledgeIndex`). Private, encrypted, TLS only. Everything in it is rebuilt from
 * the table, but a stack deletion keeps it like the table (no objects are lost by accident).
 */
export class KnowledgeIndexBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      publicReadAccess: false,
      versioned: false,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
  }
}
