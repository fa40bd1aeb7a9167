import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** A local server speaking the S3 wire format (s3rver: REST, XML, SigV4, multipart), with one bucket. */
export interface LocalS3 {
  readonly endpoint: string;
  readonly bucket: string;
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  close(): Promise<void>;
}

/** Starts the server on a free loopback port, its objects in a fresh folder. */
export const startLocalS3 = async (bucket = "apar-documents"): Promise<LocalS3> => {
  const directory = mkdtempSync(join(tmpdir(), "apar-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's own pair: it checks signatures against it.
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
