# syntax=docker/dockerfile:1
# tax-gateway: multi-stage build. Stage 1 builds the webpack bundle with Nx; stage 2 installs only the
# production dependencies listed in the generated dist/apps/tax-gateway/package.json and runs as non-root.
# Build from the repository root: docker build -f docker/tax-gateway.Dockerfile -t tax-gateway .

FROM node:24-bookworm-slim AS build
WORKDIR /workspace
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx build tax-gateway

FROM node:24-bookworm-slim AS runtime
# Chromium for the carpeta tributaria scraping path (puppeteer-core drives the system browser).
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8270 CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build --chown=node:node /workspace/dist/apps/tax-gateway/ ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
USER node
EXPOSE 8270
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:8270/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run at boot (TypeORM migrationsRun); production refuses to start without DATABASE_URL.
# tini is PID 1: it forwards SIGTERM to node (Nest's shutdown hooks close HTTP, then the database) and reaps
# Chromium's orphaned helper processes, which node as PID 1 would leave as zombies. An uncaught exception ends
# node with exit code 1 and a fatal log line (docs/platform.md "Crashes and supervision"), tini exits with that
# code: run it under a restart policy (compose: restart: unless-stopped; docker run --restart unless-stopped).
# Docker itself restarts a container that exits, not one that is only unhealthy: the HEALTHCHECK is for the
# orchestrator and depends_on.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "main.js"]
