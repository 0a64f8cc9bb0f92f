# syntax=docker/dockerfile:1
# CareMatch production image: the same build and start as `npm run build` and `npm start`
# (docs/deploy.md). docker-compose.yml runs two of these behind nginx, like npm run start:cluster.

# 1. Build: every dependency, then the web app (dist/web) and the server bundle (dist/server).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Runtime dependencies only (sharp and argon2 bring their own prebuilt binaries).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. What runs: the bundle, the web app, the migrations (applied at start), as the non-root `node` user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY src/server/db/migrations ./src/server/db/migrations
COPY src/server/assets/fonts ./src/server/assets/fonts
# DATA_DIR holds uploads only when no S3 store is configured (mount a volume there in that case).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: the process answers (GET /readyz also checks the database, for readiness probes).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself (main.ts shuts down gracefully).
CMD ["node", "dist/server/main.js"]
