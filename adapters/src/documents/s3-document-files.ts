import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import type { SweepableStore } from "./document-sweep.js";
import type { StreamedFile, StreamingDocumentFiles } from "./file-document-files.js";

/** Where documents live in an S3-compatible store (AWS S3, MinIO, Ceph, R2). */
export interface S3Location {
  readonly bucket: string;
  /** Key prefix of every document (`apar/`); empty: the bucket's root. */
  readonly prefix?: string;
}

export interface S3Settings extends S3Location {
  /** Another endpoint than AWS's (`http://minio:9000`); path-style addressing then. */
  readonly endpoint?: string;
  readonly region?: string;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, profiles, instance roles). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

/** A client for the settings; checksums only where the API requires them (many S3-compatible stores lack the rest). */
export const s3Client = (settings: S3Settings): S3Client =>
  new S3Client({
    region: settings.region ?? "us-east-1",
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint, forcePathStyle: true }),
    ...(settings.credentials === undefined ? {} : { credentials: { ...settings.credentials } }),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

const HASH = /^[0-9a-f]{64}$/;
/** How many first bytes a streamed file reports (as the folder's). */
const HEAD_BYTES = 4096;
/** A streamed upload is held in memory one part at a time (S3's smallest part is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

const isMissing = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/**
 * Documents in an S3 bucket, content-addressed as in the folder: `<prefix><first two hex digits>/<sha-256>`. An
 * object appears whole or not at all. A stream is written as it arrives, one part in memory at a time: a stream
 * that fits one part goes straight to its key; a longer one is a multipart upload to `<prefix>tmp/`, copied to its
 * key once its hash is known. Past `maxBytes` the upload is abandoned and nothing is kept.
 */
export const s3DocumentFiles = (
  client: S3Client,
  location: S3Location,
  options: { readonly partBytes?: number } = {},
): StreamingDocumentFiles => {
  const { bucket } = location;
  const prefix = location.prefix ?? "";
  const partBytes = Math.max(5 * 1024 * 1024, options.partBytes ?? PART_BYTES);
  const keyOf = (sha256: string) => `${prefix}${sha256.slice(0, 2)}/${sha256}`;
  const putWhole = async (bytes: Uint8Array, sha256: string) => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(sha256), Body: bytes }));
  };

  /** A multipart upload to a temporary key, parts sent as they fill. */
  const multipart = async () => {
    const key = `${prefix}tmp/${Date.now()}-${randomBytes(8).toString("hex")}`;
    const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const uploadId = created.UploadId;
    if (uploadId === undefined) throw new Error("the store answered no upload id");
    const parts: { ETag: string; PartNumber: number }[] = [];
    return {
      async send(body: Uint8Array) {
        const PartNumber = parts.length + 1;
        const sent = await client.send(
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body }),
        );
        parts.push({ ETag: sent.ETag ?? "", PartNumber });
      },
      async complete(sha256: string) {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
        await client.send(
          new CopyObjectCommand({ Bucket: bucket, Key: keyOf(sha256), CopySource: `${bucket}/${key}` }),
        );
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      },
      // A store that refuses the abort (some S3-compatible ones) keeps the parts until the bucket's lifecycle rule
      // for incomplete multipart uploads removes them; the upload never becomes an object either way.
      abort: () =>
        client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).then(
          () => undefined,
          () => undefined,
        ),
    };
  };

  return {
    async put(bytes) {
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      await putWhole(bytes, sha256);
      return { sha256, size: bytes.byteLength };
    },

    async get(sha256) {
      if (!HASH.test(sha256)) return undefined;
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(sha256) }));
        return got.Body === undefined ? new Uint8Array() : await got.Body.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async putStream(stream: Readable, maxBytes: number): Promise<StreamedFile | "too-large"> {
      const hash = createHash("sha256");
      let head: Buffer | undefined;
      let size = 0;
      let part: Buffer[] = [];
      let partSize = 0;
      let upload: Awaited<ReturnType<typeof multipart>> | undefined;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) {
            stream.destroy();
            await upload?.abort();
            return "too-large";
          }
          hash.update(chunk);
          part.push(chunk);
          partSize += chunk.length;
          head ??= partSize >= HEAD_BYTES ? Buffer.concat(part).subarray(0, HEAD_BYTES) : undefined;
          if (partSize >= partBytes) {
            upload ??= await multipart();
            await upload.send(Buffer.concat(part));
            part = [];
            partSize = 0;
          }
        }
      } catch (error) {
        await upload?.abort();
        throw error;
      }
      const sha256 = hash.digest("hex");
      const rest = Buffer.concat(part);
      head ??= rest.subarray(0, HEAD_BYTES);
      if (upload === undefined) await putWhole(rest, sha256);
      else {
        if (rest.length > 0) await upload.send(rest);
        await upload.complete(sha256);
      }
      return { sha256, size, head: new Uint8Array(head) };
    },
  };
};

/** The bucket's documents for the sweep: content keys by age, temporary keys of abandoned uploads. */
export const s3SweepableStore = (client: S3Client, location: S3Location): SweepableStore => {
  const { bucket } = location;
  const prefix = location.prefix ?? "";
  const list = async function* (under: string) {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: under,
          ...(token === undefined ? {} : { ContinuationToken: token }),
        }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key !== undefined && o.LastModified !== undefined) yield { key: o.Key, modified: o.LastModified };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  };
  const modifiedOf = async (key: string): Promise<Date | undefined> => {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).LastModified;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };
  const remove = (key: string) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  return {
    async removeAbandonedTemp(now, tempAgeMs) {
      let removed = 0;
      for await (const o of list(`${prefix}tmp/`)) {
        if (now.getTime() - o.modified.getTime() < tempAgeMs) continue;
        await remove(o.key);
        removed += 1;
      }
      return removed;
    },
    async *oldFiles(now, minAgeMs) {
      for await (const o of list(prefix)) {
        const name = o.key.slice(prefix.length);
        const [dir, sha256] = name.split("/");
        if (sha256 === undefined || !HASH.test(sha256) || dir !== sha256.slice(0, 2)) continue;
        if (now.getTime() - o.modified.getTime() >= minAgeMs) yield sha256;
      }
    },
    async removeIfOld(sha256, now, minAgeMs) {
      // Written again since it was listed (the same bytes uploaded meanwhile): kept. S3 has no rename to set a
      // file aside as the folder does: an upload of the very same bytes between this look and the delete (after
      // a day unreferenced) loses its file, and its bill fails to read (ExtractionFailed), never silently.
      const modified = await modifiedOf(`${prefix}${sha256.slice(0, 2)}/${sha256}`);
      if (modified === undefined || now.getTime() - modified.getTime() < minAgeMs) return false;
      await remove(`${prefix}${sha256.slice(0, 2)}/${sha256}`);
      return true;
    },
  };
};
