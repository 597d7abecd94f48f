// `npm run build`: the production web build (with precompressed assets). The server runs from source.
import { ensureWebBuild } from './lib/web-build.mjs';

process.exit(ensureWebBuild({ force: true }) ? 0 : 1);
