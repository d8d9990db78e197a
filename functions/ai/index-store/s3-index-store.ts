import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { storageClient } from '../../lib/clients.ts';
import type { IndexStore } from './index-store.ts';

/** The knowledge index in an S3 bucket (KNOWLEDGE_INDEX_BUCKET; locally the emulated S3 of infra/local/aws-services.ts). */
export function s3IndexStore(bucket: string): IndexStore {
  return {
    async get(key) {
      try {
        const result = await storageClient().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async put(key, bytes) {
      await storageClient().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: 'application/octet-stream' }));
    },
  };
}
