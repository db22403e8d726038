import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../../server/config";

/**
 * A local S3-compatible server (s3rver) on a free port, storing under a temp directory removed on
 * stop: what the S3 media provider talks to in tests. s3rver accepts the key pair S3RVER/S3RVER.
 */
export async function startS3(bucket = "payonce-media") {
  const directory = mkdtempSync(path.join(os.tmpdir(), "payonce-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    config,
    directory,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
