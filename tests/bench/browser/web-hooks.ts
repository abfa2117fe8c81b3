// Lets Node load the web app's own modules (web/src) as Vite does: their relative imports name no extension
// ('../http'), which Node's resolver does not guess. Registered by the browser driver before it imports them.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromWeb = context.parentURL?.includes('/web/src/');
    if (!fromWeb || !specifier.startsWith('.') || /\.[cm]?[jt]sx?$/.test(specifier))
      return nextResolve(specifier, context);
    for (const tail of ['.ts', '.tsx', '/index.ts'])
      try {
        return nextResolve(specifier + tail, context);
      } catch {
        // the next spelling
      }
    return nextResolve(specifier, context);
  },
});
