# syntax=docker/dockerfile:1
# service-registry: multi-stage build. Stage 1 builds the webpack bundle with Nx; stage 2 installs only the
# production dependencies listed in the generated dist/apps/service-registry/package.json and runs as non-root.
# Build from the repository root: docker build -f docker/service-registry.Dockerfile -t service-registry .

FROM node:24-bookworm-slim AS build
WORKDIR /workspace
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx build service-registry

FROM node:24-bookworm-slim AS runtime

ENV NODE_ENV=production HOST=0.0.0.0 PORT=8280
WORKDIR /app
COPY --from=build --chown=node:node /workspace/dist/apps/service-registry/ ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
USER node
EXPOSE 8280
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:8280/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run at boot (TypeORM migrationsRun); production refuses to start without DATABASE_URL.
# Exec form: node is PID 1 and gets SIGTERM itself (Nest's shutdown hooks close HTTP, then the database); the
# app starts no child processes, so it needs no init to reap them. An uncaught exception ends it with exit code 1
# and a fatal log line (docs/platform.md "Crashes and supervision"): run it under a restart policy
# (compose: restart: unless-stopped; docker run --restart unless-stopped). Docker itself restarts a container
# that exits, not one that is only unhealthy: the HEALTHCHECK is for the orchestrator and depends_on.
CMD ["node", "main.js"]
