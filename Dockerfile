# syntax=docker/dockerfile:1
#
# One image for both processes:
#   docker build -t platform .
#   docker run -p 3000:3000 platform                                     # the API (+ console)
#   docker run -e PORT=3001 platform node dist/apps/worker/src/main.js  # the worker
# Without DATABASE_URL the API keeps an embedded PGlite under DATA_DIR (/app/data): mount a
# volume there, or set DATABASE_URL for PostgreSQL (see docker-compose.yml and k8s/).

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
WORKDIR /app

# Build: every dependency (TypeScript, Vite, the console's React stack), then both builds.
FROM base AS build
COPY package.json package-lock.json ./
COPY apps/console/package.json apps/console/
RUN npm ci
COPY . .
RUN npm run build

# Runtime dependencies: the root package's production dependencies only. The console is
# served as static files, so its workspace and its React dependencies are left out.
FROM base AS deps
COPY package.json package-lock.json ./
COPY apps/console/package.json apps/console/
RUN npm ci --omit=dev --workspaces=false

FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
# package.json is needed at run time: its "imports" map resolves #libs/* to dist/libs/*.
COPY --chown=node:node package.json ./
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/apps/console/dist ./apps/console/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Works for the worker too: it reads the same PORT variable (3001 in docker-compose.yml).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=32", "dist/apps/api/src/main.js"]
