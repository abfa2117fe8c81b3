// Loaded by stack/node.sh (`node --import`) when it runs one of the repo's TypeScript scripts (stack/*.ts,
// tools/migrate/migrate.ts). Our TypeScript sources are all ES modules, but the packages they sit in compile to
// CommonJS (no "type" in their package.json, module node16), so Node would first try each .ts file as
// CommonJS, fail, parse it again as an ES module and warn MODULE_TYPELESS_PACKAGE_JSON for every such file.
// Saying the format here is what a "type": "module" would say, for Node's own loading only: the packages'
// compiled output stays CommonJS. Files under node_modules and require() calls keep Node's own rules.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const ours =
      resolved.url.startsWith('file:') && resolved.url.endsWith('.ts') && !resolved.url.includes('/node_modules/');
    if (!ours || context.conditions?.includes('require')) return resolved;
    return { ...resolved, format: 'module-typescript' };
  },
});
