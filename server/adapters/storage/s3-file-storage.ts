import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStorage, type StoredFile } from './file-storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, Cloudflare R2, Backblaze B2 …); unset means AWS itself. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket-in-the-path URLs, which MinIO and most self-hosted services need. */
  forcePathStyle: boolean;
}

type S3Module = typeof import('@aws-sdk/client-s3');

/**
 * Files in an S3 bucket or any S3-compatible service. The SDK is large, so it is imported on first
 * use, and only by instances that are configured for S3.
 */
export class S3FileStorage implements FileStorage {
  private loaded: Promise<{ s3: S3Module; client: S3Client }> | undefined;

  constructor(private readonly options: S3StorageOptions) {}

  private load() {
    this.loaded ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.options.region,
        endpoint: this.options.endpoint,
        forcePathStyle: this.options.forcePathStyle,
        credentials: {
          accessKeyId: this.options.accessKeyId,
          secretAccessKey: this.options.secretAccessKey,
        },
        // Since early 2025 the SDK adds CRC checksums to every upload by default, which several
        // S3-compatible services reject; checksums only where the API requires them works everywhere.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.loaded;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { s3, client } = await this.load();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    assertSafeKey(key);
    const { s3, client } = await this.load();
    try {
      const out = await client.send(new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!out.Body) return null;
      return {
        // In Node the body is a Readable (an IncomingMessage under the SDK's mixin).
        body: out.Body as unknown as Readable,
        contentType: out.ContentType ?? 'application/octet-stream',
        size: out.ContentLength,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { s3, client } = await this.load();
    // S3 answers 204 for a key that holds nothing, so deleting twice is harmless.
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
