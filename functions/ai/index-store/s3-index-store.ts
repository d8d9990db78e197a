import { storageClient } from '../../lib/clients.ts';
import type { IndexStore } from './index-store.ts';

/** The knowledge index in an S3 bucket (KNOWLEDGE_INDEX_BUCKET; locally the emulated S3 of infra/local/aws-services.ts). */
export function s3IndexStore(bucket: string): IndexStore {
  return {
    async get(key) {
      const { sdk, client } = await storageClient();
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async put(key, bytes) {
      const { sdk, client } = await storageClient();
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'application/octet-stream' }));
    },
    async delete(key) {
      const { sdk, client } = await storageClient();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
