# One image for every process of the site; docker-compose.yml picks one with `command`:
#   node services/<content|identity|payments|mailer|gateway>/dist/index.js
# (and any worker a service declares: node services/<service>/dist/<entry>.js).

# --- manifests only, so `npm ci` is cached until a package.json or the lockfile changes -----------
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY . .
RUN find . -path ./node_modules -prune -o -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -print0 | xargs -0 rm -f \
 && find . -depth -type d -empty -delete

# --- dependencies (dev included: the build needs TypeScript and Rspack) -----------------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
# The lockfile is written by npm 11.
RUN npm install -g npm@11.19.1 && npm cache clean --force
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund

# --- build every workspace: contracts, service-kit, services, remotes, shell -----------------------
FROM deps AS build
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# --- runtime ---------------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app ./
# Releases and the remote registry live here (a volume in docker-compose.yml); the gateway only reads it.
RUN mkdir -p /app/.data/releases && chown -R node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "services/gateway/dist/index.js"]
