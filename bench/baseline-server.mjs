// The yardstick: a bare node:http server answering a small JSON body. Every benchmark runs beside
// it in the same run, so figures are read as a ratio to what this machine can do at best.
// BODY_BYTES=n answers n random bytes instead (as incompressible as a gzip page): what sending a
// page of that size costs this machine and the load generator, with no app work at all.
import { randomBytes } from "node:crypto";
import http from "node:http";

const size = Number(process.env.BODY_BYTES ?? 0);
const body = size
  ? randomBytes(size)
  : JSON.stringify({ status: "ok", name: "Payonce", items: [1, 2, 3] });
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    "content-type": size ? "text/html" : "application/json",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : ""}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
