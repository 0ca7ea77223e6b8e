import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import type * as S3Uploads from '@aws-sdk/lib-storage';
import { lazyRequire } from './lazy';
import type { Storage } from './storage';

/** The AWS SDK, loaded only on a site that stores in S3 (decision 019). */
const s3Sdk = lazyRequire<typeof S3>('@aws-sdk/client-s3');
const s3Uploads = lazyRequire<typeof S3Uploads>('@aws-sdk/lib-storage');

export type S3Options = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, a local fake); none for AWS itself. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path instead of the host name, as most S3-compatible services need. */
  forcePathStyle: boolean;
};

/**
 * Storage in an S3 bucket, so that several API processes on several machines share uploads.
 * The API still serves media (checking signed links and ranges) by streaming from the bucket.
 */
export function createS3Storage(options: S3Options): Storage & { client: S3.S3Client } {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } = s3Sdk();
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Bucket = options.bucket;
  const notFound = (error: unknown) => {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    return status === 404 ? Object.assign(new Error('not found'), { code: 'ENOENT' }) : error;
  };

  return {
    client,
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data }));
    },
    async putFile(key, localPath) {
      // Multipart for big videos: parts go up in parallel and a failed part is retried alone.
      await new (s3Uploads().Upload)({ client, params: { Bucket, Key: key, Body: createReadStream(localPath) } }).done();
    },
    async getFile(key, localPath) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
        throw notFound(error);
      });
      await pipeline(object.Body as Readable, createWriteStream(localPath));
    },
    async read(key, range) {
      const object = await client
        .send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
        .catch((error: unknown) => {
          throw notFound(error);
        });
      return object.Body as Readable;
    },
    async size(key) {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key })).catch((error: unknown) => {
        throw notFound(error);
      });
      return head.ContentLength ?? 0;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
    },
  };
}
