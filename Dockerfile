# syntax=docker/dockerfile:1
# The platform in a container (docs/deploy.md, decision 040): the same build and start as `npm start`
# (npm ci, the web app built by Vite, apps/api/src/main.ts run by tsx with the same Node flags),
# as the unprivileged `node` user. PGlite in /data by default; DATABASE_URL, REDIS_URL, S3_* and every
# other setting of the README come from the environment.
#   docker build -t chatbot-platform .
#   docker run -p 3000:3000 -v chatbot-data:/data chatbot-platform
# NODE_IMAGE: any Debian-based Node ≥ 22.12 image (a registry mirror's, for example).
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Dependencies, from the lockfile only (cached until it changes).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund

# 2. The web app's production build (what `npm start` builds), then only the runtime dependencies.
FROM deps AS build
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf apps/web/src apps/web/public e2e bench

# 3. The runtime: sources (run by tsx), runtime dependencies, the web build; nothing writable but /data.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist \
    MALLOC_ARENA_MAX=2 \
    npm_config_update_notifier=false
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness here; balancers and orchestrators should route by readiness (/api/ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: running answers get SHUTDOWN_GRACE_SECONDS to finish (give `docker stop -t` / stop_grace_period more).
STOPSIGNAL SIGTERM
# The process `npm start` starts once installed and built (scripts/start.mjs, scripts/lib.mjs
# API_NODE_FLAGS), as PID 1 without the wrapper: the image is already installed and built.
CMD ["node", "--max-semi-space-size=16", "--import", "tsx", "apps/api/src/main.ts"]
