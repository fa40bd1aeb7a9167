# apar: one image for every role (api, worker, scheduler, smtp). Build: `docker build -t apar .`
# Run: `docker run -p 8080:8080 -p 2525:2525 -v apar-data:/data apar` (SQLite, documents and the .eml outbox in /data).

# ---- build: full dependencies, native addons (sqlite3) compiled from source, TypeScript compiled ----
FROM node:24-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# node-gyp uses the headers shipped in the image instead of downloading them (no download is possible here),
# and compiles on every core (sqlite3 from source is most of the build time). node-gyp (12, from the lockfile; first
# on the install scripts' PATH) reads its options from npm_package_config_node_gyp_*; npm_config_nodedir would work
# too, but npm 11 warns of it as an unknown npm setting.
# onnxruntime-node's install script (denied in package.json's allowScripts; skipped here too, for an npm that predates
# that field) would download GPU libraries: the CPU library the second eye uses ships in the package.
ENV npm_package_config_node_gyp_nodedir=/usr/local \
    JOBS=max \
    ONNXRUNTIME_NODE_INSTALL=skip
WORKDIR /app
# Manifests first so that the dependency layer is cached until a manifest or the lockfile changes.
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY adapters/package.json adapters/
COPY host/package.json host/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.base.json ./
COPY core core
COPY adapters adapters
COPY host host
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund
# Gather what runs: manifests, compiled output, production node_modules (incl. any per-workspace ones).
RUN mkdir -p /out \
 && cp -a package.json node_modules /out/ \
 && for w in core adapters host; do \
      mkdir -p "/out/$w" && cp -a "$w/package.json" "$w/dist" "/out/$w/"; \
      for extra in node_modules bin; do if [ -e "$w/$extra" ]; then cp -a "$w/$extra" "/out/$w/"; fi; done; \
    done \
 && find /out -name '*.tsbuildinfo' -delete
# sqlite3 needs only its compiled addon at run time; its sources and object files are about 24 MB.
RUN cd /out/node_modules/sqlite3 \
 && mv build/Release/node_sqlite3.node /tmp/ && rm -rf build deps src \
 && mkdir -p build/Release && mv /tmp/node_sqlite3.node build/Release/ \
 && cd /out && node -e "new (require('sqlite3').Database)(':memory:').get('select 1 as one', (e, r) => process.exit(e || r.one !== 1 ? 1 : 0))"
# onnxruntime-node ships its library for every platform (about 290 MB): only this one's is kept, and loaded once.
RUN cd /out/node_modules/onnxruntime-node/bin/napi-v6 \
 && keep="$(node -p 'process.platform + "/" + process.arch')" \
 && for d in */*; do if [ "$d" != "$keep" ]; then rm -rf "$d"; fi; done \
 && cd /out && node -e "require('onnxruntime-node')"
# Each OCR language's package ships two models (about 280 MB for all 31): the reader loads only 4.0.0_best_int
# (adapters/src/reading/ocr-languages.ts), so the other folder goes, and English's model is checked to stay.
RUN rm -rf /out/node_modules/@tesseract.js-data/*/4.0.0 \
 && test -s /out/node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz

# ---- runtime: production dependencies only, non-root ----
FROM node:24-bookworm-slim
# A container without the api role (APAR_ROLES=worker) serves /healthz, /readyz and /metrics on APAR_WORKER_PORT,
# so that the health check below works for it too.
ENV NODE_ENV=production \
    APAR_DATA_DIR=/data \
    APAR_WORKER_PORT=8080
WORKDIR /app
# The code stays owned by root (read-only for the app); only the data volume belongs to the app user.
COPY --from=build /out /app
# /data/documents exists so that a volume mounted there (shared documents, see docker-compose.yml) starts owned by
# the app user: Docker and podman give an empty named volume the owner of the folder it is mounted on.
RUN mkdir -p /data/documents && chown -R node:node /data
VOLUME /data
USER node
EXPOSE 8080 2525
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const e = process.env; const api = (e.APAR_ROLES || 'api').split(',').some((r) => r.trim() === 'api'); fetch(`http://127.0.0.1:${(api ? e.APAR_PORT : e.APAR_WORKER_PORT) || 8080}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "host/dist/main.js"]
