# The API and the web app it serves, for operators (deploy/compose.yaml runs it behind nginx with PostgreSQL and
# Redis). Not built in this repository's CI: its machines have no container daemon. Build from the repository root:
#   docker build -t cypher-api .
# The process is what `npm start` runs after its install and build steps: node on the API's bundle
# (apps/api/dist/server.mjs), which migrates (under an advisory lock, so replicas may start together) and listens.
# Nothing is installed or built at run time.

# ── build: install from the lockfile, build the web app, keep only what runs ──────────────────────────────────────
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm run build:api \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf e2e bench apps/web/src apps/web/public

# ── run: the same Node, an unprivileged user, the data folder as a volume ─────────────────────────────────────────
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Production needs AUTH_SECRET and PROVENANCE_SEED_KEY (each the same on every replica) and DATABASE_URL; REDIS_URL
# when there is more than one.
CMD ["node", "--enable-source-maps", "apps/api/dist/server.mjs"]
