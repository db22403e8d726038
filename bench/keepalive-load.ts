// The bench's load generator: a plain keep-alive HTTP/1.1 client over node:net that sends one
// request at a time on each connection and only counts the answer's bytes (status line, headers,
// then Content-Length bytes or the chunks of a chunked body). autocannon keeps every body as a
// UTF-8 string and parses with a general HTTP parser in JavaScript: with compressed pages the
// load generator, not the server, set the ceiling (issue 32 measured cached hits this way).
import net from "node:net";

export type LoadOptions = {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
};

export type LoadResult = {
  /** Answers per second over the run. */
  rps: number;
  /** Latency percentiles, in ms (sub-millisecond resolution). */
  p50: number;
  p99: number;
  /** Answers other than 2xx, and connections that failed. */
  errors: number;
  /** Answers counted. */
  requests: number;
  /** Body bytes received (as sent: compressed when the server compressed). */
  bodyBytes: number;
};

const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

type Parser = {
  /** Feeds bytes; returns how many answers completed (with their statuses) in them. */
  feed(chunk: Buffer): number[];
  bodyBytes: number;
};

/** A minimal HTTP/1.1 response parser: enough to find where each answer ends. */
function responseParser(): Parser {
  let pending: Buffer = Buffer.alloc(0);
  // "head": reading the status line and headers; "body": `remaining` bytes of body;
  // "chunk-size" / "chunk-data" / "chunk-crlf" / "trailer": a chunked body.
  let state: "head" | "body" | "chunk-size" | "chunk-data" | "chunk-crlf" | "trailer" = "head";
  let remaining = 0;
  let status = 0;
  const parser: Parser = {
    bodyBytes: 0,
    feed(chunk) {
      const done: number[] = [];
      let buf = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      pending = Buffer.alloc(0);
      let at = 0;
      while (at < buf.length || (state === "body" && remaining === 0)) {
        if (state === "head") {
          const end = buf.indexOf(HEADER_END, at);
          if (end < 0) break;
          const head = buf.toString("latin1", at, end);
          at = end + 4;
          status = Number(head.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!length && /\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) state = "chunk-size";
          else {
            remaining = length ? Number(length[1]) : 0;
            state = "body";
          }
        } else if (state === "body") {
          const take = Math.min(remaining, buf.length - at);
          at += take;
          remaining -= take;
          parser.bodyBytes += take;
          if (remaining > 0) break;
          done.push(status);
          state = "head";
        } else if (state === "chunk-size") {
          const end = buf.indexOf(CRLF, at);
          if (end < 0) break;
          const size = Number.parseInt(buf.toString("latin1", at, end), 16);
          at = end + 2;
          if (size === 0) state = "trailer";
          else {
            remaining = size;
            state = "chunk-data";
          }
        } else if (state === "chunk-data") {
          const take = Math.min(remaining, buf.length - at);
          at += take;
          remaining -= take;
          parser.bodyBytes += take;
          if (remaining > 0) break;
          state = "chunk-crlf";
        } else if (state === "chunk-crlf") {
          if (buf.length - at < 2) break;
          at += 2;
          state = "chunk-size";
        } else {
          // Trailer lines end with an empty line; without trailers that is the next CRLF.
          const end = buf.indexOf(CRLF, at);
          if (end < 0) break;
          const empty = end === at;
          at = end + 2;
          if (empty) {
            done.push(status);
            state = "head";
          }
        }
      }
      if (at < buf.length) pending = Buffer.from(buf.subarray(at));
      buf = Buffer.alloc(0);
      return done;
    },
  };
  return parser;
}

/**
 * `connections` keep-alive connections, each sending its next request when the previous answer
 * has been read whole, for `seconds`. Requests still in flight at the end are not counted.
 */
export async function keepAliveLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const lines = [
    `GET ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    "Connection: keep-alive",
    ...Object.entries(options.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ];
  const request = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  const port = Number(target.port || 80);
  const latencies: number[] = [];
  let errors = 0;
  let bodyBytes = 0;
  let running = true;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  const connection = () =>
    new Promise<void>((resolve) => {
      const parser = responseParser();
      const socket = net.connect({ host: target.hostname, port });
      socket.setNoDelay(true);
      let sentAt = 0;
      const send = () => {
        if (!running || performance.now() >= deadline) {
          socket.end();
          return;
        }
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on("connect", send);
      socket.on("data", (chunk: Buffer) => {
        for (const status of parser.feed(chunk)) {
          latencies.push(performance.now() - sentAt);
          if (status < 200 || status > 299) errors++;
          send();
        }
      });
      const finish = () => {
        bodyBytes += parser.bodyBytes;
        resolve();
      };
      socket.on("error", () => {
        errors++;
      });
      socket.on("close", () => {
        // A connection the server closed early is opened again until the run ends.
        if (running && performance.now() < deadline) {
          bodyBytes += parser.bodyBytes;
          void connection().then(resolve);
        } else finish();
      });
    });

  await Promise.all(Array.from({ length: options.connections }, () => connection()));
  running = false;
  const elapsed = (Math.max(performance.now(), deadline) - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? 0;
  return {
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    requests: latencies.length,
    bodyBytes,
  };
}
