# SVN Portal: one image for the composed server (portal, register API, embedded IdP). docs/deployment.md
# describes the environment; build with `docker build --build-arg COMMIT=$(git rev-parse --short HEAD) .`

# --- build: all dependencies, the portal and server builds (`npm run build`), then only runtime dependencies ---
FROM node:22-slim AS build
WORKDIR /app
# `npm install`, not `npm ci`: the committed lockfile lacks other platforms' optional builds
# (docs/deployment.md, "Image").
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime: node on the built files (ADR 960): no sources, no TypeScript loader, no dev dependencies.
# The migrations are read from disk when the database opens. server/image.after-build.test.ts assembles
# this layout from these COPY lines and starts it.
FROM node:22-slim AS runtime
ARG COMMIT=unknown
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    DEMO=false \
    COMMIT=${COMMIT}
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package.json
COPY --from=build --chown=root:root /app/node_modules /app/node_modules
COPY --from=build --chown=root:root /app/build /app/build
COPY --from=build --chown=root:root /app/db/migrations /app/db/migrations
# DATA_DIR holds PGlite (when DATABASE_URL is unset), generated secrets, IdP keys and pickup files:
# writable by the unprivileged `node` user of the base image, nothing else is.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# No curl in the slim image: Node's fetch. /healthz answers 200 while the process is up.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "build/server/server.js"]
