import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPath } from '#infra/constructs/bundling.ts';
import { addPlatform } from '#infra/stacks/platform.ts';
import { writeWebDist } from '../support/web-dist.ts';

/**
 * The knowledge index's bucket as CDK synthesises it (without bundling): private, encrypted,
 * TLS only, kept on a stack deletion; the functions that search read it, the one that builds the
 * index (embed-document) also writes it and deletes superseded versions, each told its name, and no other function reaches it.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };
const scratch = mkdtempSync(path.join(tmpdir(), 'knowledge-index-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const { context } = JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8'));
const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] }, outdir: path.join(scratch, 'out') });
const platform = addPlatform(app, { stage: 'kbindex', mailFrom: 'no-reply@quiz.example', webDistPath: writeWebDist(path.join(scratch, 'web-dist')) });

const data = Template.fromStack(platform.data);
const resourcesOf = (template: Template) => Object.entries(template.toJSON().Resources as Record<string, Resource>);
const [bucketId, bucket] = resourcesOf(data).find(([id, r]) => r.Type === 'AWS::S3::Bucket' && id.startsWith('KnowledgeIndex'))!;

/** Every function of the platform with its template, its environment and its role's policy text. */
const functions = [platform.events, ...Object.values(platform.apiAreas), platform.realtime, platform.auth, ...(platform.schedules ? [platform.schedules] : [])].flatMap((stack) => {
  const template = Template.fromStack(stack);
  const resources = resourcesOf(template);
  return resources
    .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
    .map(([id, fn]) => {
      const role = JSON.stringify((fn.Properties.Role as { 'Fn::GetAtt': [string, string] } | undefined)?.['Fn::GetAtt']?.[0] ?? '');
      const policy = resources.filter(([, r]) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(role.replace(/"/g, ''))).map(([, r]) => JSON.stringify(r.Properties.PolicyDocument));
      const env = ((fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<string, unknown>;
      return { id, description: String(fn.Properties.Description ?? ''), env, policy: policy.join('\n') };
    });
});
const byDescription = (description: string) => functions.find((f) => f.description === description)!;
const embedDocument = functions.find((f) => /^EmbedDocument|Consumer.*EmbedDocument|EmbedDocument/.test(f.id))!;

describe('the knowledge index bucket', () => {
  it('is encrypted, blocks every public access, is owned by the bucket owner and is kept on a stack deletion', () => {
    expect(bucket.Properties.BucketEncryption).toEqual({ ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] });
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.Properties.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
    expect((data.toJSON().Resources as Record<string, { DeletionPolicy?: string }>)[bucketId]!.DeletionPolicy).toBe('Retain');
  });

  it('refuses requests without TLS', () => {
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: { Statement: [{ Effect: 'Deny', Action: 's3:*', Principal: { AWS: '*' }, Condition: { Bool: { 'aws:SecureTransport': 'false' } } }] },
    });
  });
});

describe('who reaches the knowledge index', () => {
  const reads = (policy: string) => policy.includes('"s3:GetObject"');
  const writes = (policy: string) => policy.includes('"s3:PutObject"');
  const deletes = (policy: string) => policy.includes('"s3:DeleteObject"');

  it('the search route reads it, is told the bucket, and cannot write it', () => {
    const search = byDescription('GET /api/knowledge/search');
    expect(search.env.KNOWLEDGE_INDEX_BUCKET).toBeDefined();
    expect(reads(search.policy)).toBe(true);
    expect(search.policy).toContain('knowledge-index/*');
    expect(search.policy).toContain('"s3:ListBucket"');
    expect(writes(search.policy)).toBe(false);
    expect(deletes(search.policy)).toBe(false);
  });

  it('the embed-document consumer, which updates a scope’s index, reads and writes it and deletes the versions it superseded', () => {
    expect(embedDocument, 'the embed-document consumer').toBeDefined();
    expect(embedDocument.env.KNOWLEDGE_INDEX_BUCKET).toBeDefined();
    expect(reads(embedDocument.policy) && writes(embedDocument.policy) && deletes(embedDocument.policy)).toBe(true);
  });

  it('no function writes it but that consumer, and a function that does not search it is not told of it', () => {
    expect(functions.filter((f) => writes(f.policy)).map((f) => f.id)).toEqual([embedDocument.id]);
    expect(functions.filter((f) => deletes(f.policy)).map((f) => f.id)).toEqual([embedDocument.id]);
    const listing = byDescription('GET /api/knowledge/documents');
    expect(listing.env.KNOWLEDGE_INDEX_BUCKET).toBeUndefined();
    expect(reads(listing.policy)).toBe(false);
    expect(functions.filter((f) => f.env.KNOWLEDGE_INDEX_BUCKET !== undefined).length).toBe(8);
  });
});
