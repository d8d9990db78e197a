import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import type { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * SDK clients, created once per container on first use. Endpoints come from the
 * standard AWS_ENDPOINT_URL(_<SERVICE>) variables, so the same code reaches AWS,
 * the local emulators or LocalStack.
 */
function once<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

export const documentClient = /* @__PURE__ */ once(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } }),
);
export const cognitoClient = /* @__PURE__ */ once(() => new CognitoIdentityProviderClient({}));
export const mailClient = /* @__PURE__ */ once(() => new SESv2Client({}));
export const eventsClient = /* @__PURE__ */ once(() => new EventBridgeClient({}));
export const queueClient = /* @__PURE__ */ once(() => new SQSClient({}));
/**
 * S3 (the knowledge index), with its SDK: path-style addressing, which S3 accepts and the local
 * emulation needs (the bucket in the path). Imported on first use by a name esbuild does not
 * follow: the client ships beside the bundles that read the index (infra/constructs/bundle-extras.ts),
 * as it would take them past the bundle budget.
 */
const S3_SDK = '@aws-sdk/client-s3';
export type StorageSdk = typeof import('@aws-sdk/client-s3');
export const storageClient = /* @__PURE__ */ once(async (): Promise<{ sdk: StorageSdk; client: S3Client }> => {
  const sdk = (await import(S3_SDK)) as StorageSdk;
  return { sdk, client: new sdk.S3Client({ forcePathStyle: true }) };
});
