# syntax=docker/dockerfile:1
# The image runs what `pnpm release` builds, the command the end-to-end test runs
# (tests/e2e/release.test.ts): production dependencies only, no tsx, Vite or React at run time.

# Node 24 LTS in both stages, the release .node-version pins (tests/e2e/node-runtime.test.ts holds
# the two together). No compiler: better-sqlite3 and sharp ship Node-API binaries inside their
# registry packages, checked against the lockfile's integrity hashes.
ARG NODE_VERSION=24.21.0

# --- build: dependencies first (a layer that changes only with the lockfile and manifests) ---
FROM node:${NODE_VERSION}-bookworm-slim AS build
RUN npm install -g pnpm@10
WORKDIR /src
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .node-version ./
COPY tools/node24/ensure.mjs tools/node24/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY tests/package.json tests/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm release /release

# --- run: an unprivileged user; content, data and backups live in volumes ---
FROM node:${NODE_VERSION}-bookworm-slim
# Preview cards are SVG drawn to PNG by sharp (librsvg), which sets their text in system fonts;
# image variants are made at Linux's idle priority with util-linux's chrt (essential in Debian,
# named here so a slimmer base never drops it unnoticed).
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core util-linux \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8787 \
  DATABASE_PATH=/data/site.db \
  BACKUP_DIR=/backups \
  CONTENT_DIR=/content
WORKDIR /app
COPY --from=build --chown=node:node /release /app
# An empty content volume gets a starter site on first start; mount your own over /content.
RUN mkdir -p /data /backups /content \
  && chown -R node:node /data /backups /content
USER node
EXPOSE 8787
VOLUME ["/data", "/backups", "/content"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=16", "apps/api/dist/server.js"]
