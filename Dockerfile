# syntax=docker/dockerfile:1
# Build stage: install everything, build the client and bundle the server.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies, the bundles and the migrations only.
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# V8 lets the heap grow up to 4x its live size between full collections when its limit is the default
# (up to 4 GiB, from the machine's memory); under a 1 GiB limit it grows about 1.6x. A replica's live
# heap is about 125 MB on Christmas Eve (docs/decisions/0045-a-replicas-heap-is-sized-for-its-container.md).
# Node 24 would let the young generation grow to 64 MB per semi-space under that limit; 16 gave the
# ring a shorter tail at the same CPU, with 30-40 MB less resident than 32 (docs/decisions/0050-the-image-runs-node-24.md).
ENV NODE_OPTIONS="--max-old-space-size=1024 --max-semi-space-size=16"
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --omit=dev --no-audit --no-fund -w server && npm cache clean --force
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
COPY migrations migrations
# The phone simulator's browser script is served from its source location (sandbox mode only):
# server/src/sandbox/phone/phone.routes.ts reads it there. scripts/check-image.mjs (part of `npm test`)
# checks every COPY source and starts the files this stage holds, without Docker.
COPY server/src/sandbox/phone/phone-app.js server/src/sandbox/phone/
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://localhost:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server/dist/main.js"]
