# The web app as static files behind nginx, which also proxies /api to the api replicas.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npx vite build web

FROM nginx:1.27-alpine
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
