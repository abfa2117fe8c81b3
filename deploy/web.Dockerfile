# The web app as static files behind nginx, which also proxies /api to the api replicas.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
# The build's source maps are dropped (no public maps); every text file gets .br and .gz copies.
# The build writes the pages' Content-Security-Policy (web/csp.ts: hashes of the built page's inline
# scripts); nginx.conf includes it as a header, the same one the local stack's web server sends.
RUN npm ci && npx vite build web && node deploy/precompress.mjs web/dist \
  && printf 'add_header Content-Security-Policy "%s" always;\n' "$(cat web/dist/.vite/csp.txt)" > /app/csp.conf \
  && rm -rf web/dist/.vite

# Alpine's own nginx, for its brotli module (the official nginx image has gzip only).
FROM alpine:3.22
RUN apk add --no-cache nginx nginx-mod-http-brotli \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY deploy/nginx.conf /etc/nginx/http.d/default.conf
COPY deploy/page-headers.conf /etc/nginx/page-headers.conf
COPY --from=build /app/csp.conf /etc/nginx/csp.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
EXPOSE 80
CMD ["nginx", "-g", "daemon off;"]
