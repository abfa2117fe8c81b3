# The web app as static files behind nginx, which also proxies /api to the api replicas.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
# The build's source maps are dropped (no public maps); every text file gets .br and .gz copies.
RUN npm ci && npx vite build web && node deploy/precompress.mjs web/dist && rm -rf web/dist/.vite

# Alpine's own nginx, for its brotli module (the official nginx image has gzip only).
FROM alpine:3.22
RUN apk add --no-cache nginx nginx-mod-http-brotli \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY deploy/nginx.conf /etc/nginx/http.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
EXPOSE 80
CMD ["nginx", "-g", "daemon off;"]
