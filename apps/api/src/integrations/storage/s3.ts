import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { FileStorage, StorageConfig } from './types';

/** Any S3-compatible store (AWS, MinIO, R2, …) through the AWS SDK v3; uploads are multipart streams. */
export function createS3Storage(config: Extract<StorageConfig, { kind: 's3' }>): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      // 5 MB parts, 2 in flight: at most ~10 MB of a file in memory whatever its size.
      await new Upload({ client, params: { Bucket: config.bucket, Key: key, Body: body, ContentType: contentType }, partSize: 5 * 1024 * 1024, queueSize: 2 }).done();
    },
    async get(key) {
      const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
      return out.Body as Readable;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
