// The yardstick: a bare node:http server answering a small JSON body. Every benchmark runs beside
// it in the same run, so figures are read as a ratio to what this machine can do at best.
import http from "node:http";

const body = JSON.stringify({ status: "ok", name: "Payonce", items: [1, 2, 3] });
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : ""}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
