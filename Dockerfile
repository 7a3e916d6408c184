# SVN Portal: one image for the composed server (portal, register API, embedded IdP). docs/deployment.md
# describes the environment; build with `docker build --build-arg COMMIT=$(git rev-parse --short HEAD) .`

# --- build: all dependencies, the React Router production build, then only runtime dependencies ---
FROM node:22-slim AS build
WORKDIR /app
# `npm install`, not `npm ci`: the committed lockfile lacks other platforms' optional builds
# (docs/deployment.md, "Image").
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx react-router build \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime: the server runs its TypeScript with tsx (a runtime dependency), as `npm start` does ---
FROM node:22-slim AS runtime
ARG COMMIT=unknown
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    DEMO=false \
    COMMIT=${COMMIT}
WORKDIR /app
COPY --from=build --chown=root:root /app /app
# DATA_DIR holds PGlite (when DATABASE_URL is unset), generated secrets, IdP keys and pickup files:
# writable by the unprivileged `node` user of the base image, nothing else is.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# No curl in the slim image: Node's fetch. /healthz answers 200 while the process is up.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "tsx", "server.ts"]
