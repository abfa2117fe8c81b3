// Run once by the mongo image's entrypoint, on mongo1's first start (an empty data directory), as root:
// the application's own user, allowed the portal database only. Its password comes from the container's
// environment (MONGO_APP_PASSWORD), never from this file; MONGODB_URI (docker-compose.yml) carries it.
/* global db -- mongosh's current database */
db.getSiblingDB('portal').createUser({
  user: 'portal',
  pwd: process.env.MONGO_APP_PASSWORD,
  roles: [
    { role: 'readWrite', db: 'portal' },
    { role: 'dbAdmin', db: 'portal' },
  ],
});
