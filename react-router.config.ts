import type { Config } from "@react-router/dev/config";

// Server-side rendered; the build is served by our own Fastify process (server/http/react-router.ts).
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
} satisfies Config;
