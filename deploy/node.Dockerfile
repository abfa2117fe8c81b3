# Builds the api or the worker (ARG APP) on Node 24.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npx tsc -b

FROM node:24-bookworm-slim
ARG APP
ENV APP=${APP} NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
CMD ["sh", "-c", "node ${APP}/dist/main.js"]
