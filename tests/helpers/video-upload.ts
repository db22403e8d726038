import type { Credentials, TestApp } from "./app";

/** An MP4 header ("ftyp" box, brand isom) followed by filler. */
export function mp4(size: number): Buffer {
  const data = Buffer.alloc(size, 7);
  Buffer.from([0, 0, 0, 0x18]).copy(data, 0);
  Buffer.from("ftypisom", "latin1").copy(data, 4);
  return data;
}

/** A multipart body's bytes around one video_file part: fields and part headers, then the closing. */
export function multipartParts(fields: Record<string, string>, videoType: string) {
  const boundary = `----payonce${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="video_file"; filename="clip.mp4"\r\nContent-Type: ${videoType}\r\n\r\n`,
    ),
  );
  return {
    head: Buffer.concat(parts),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Posts a video review (multipart, field video_file) to a deal as the signed-in user. */
export function postVideoReview(
  app: TestApp,
  creds: Credentials,
  dealId: number,
  fields: Record<string, string>,
  video: Buffer,
) {
  const { head, tail, type } = multipartParts(fields, "video/mp4");
  return app.inject({
    method: "POST",
    url: `/api/v2/deals/${dealId}/reviews/`,
    cookies: creds.cookies,
    headers: { ...creds.headers, "content-type": type },
    payload: Buffer.concat([head, video, tail]),
  });
}
