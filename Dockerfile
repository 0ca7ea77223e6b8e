# One image for every role of a deployment: the API (`npm start`) and the job worker
# (`npm run worker`); compose.yaml and deploy/kubernetes/ run it. Build: docker build -t limelight .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
# Runtime packages only (sharp and ffmpeg come as prebuilt binaries with them).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY scripts scripts
COPY packages/contracts packages/contracts
# State lives in PostgreSQL, Redis and S3 in a deployment; DATA_DIR only holds the embedded
# database of a single container run without DATABASE_URL.
ENV DATA_DIR=/data PORT=3000
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000 1935
CMD ["node", "--enable-source-maps", "--import", "./apps/api/dist/telemetry.js", "apps/api/dist/main.js"]
