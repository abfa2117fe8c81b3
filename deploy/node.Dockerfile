# Builds the api or the worker (ARG APP) on Node 24.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
# The workflows bundled once here, not by webpack at every worker start (worker/src/prebundle.ts).
RUN npm ci && npx tsc -b && node worker/dist/prebundle.js worker/dist/workflow-bundles

FROM node:24-bookworm-slim
ARG APP
# WORKFLOW_BUNDLE_DIR: the worker reads the bundles made above (the api has no use for it).
ENV APP=${APP} NODE_ENV=production WORKFLOW_BUNDLE_DIR=/app/worker/dist/workflow-bundles
WORKDIR /app
COPY --from=build /app /app
USER node
CMD ["sh", "-c", "node ${APP}/dist/main.js"]
