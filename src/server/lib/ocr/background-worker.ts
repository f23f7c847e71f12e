// tesseract.js's own Node worker script, started at background priority: recognition is the heaviest work the
// server does, and it must never hold a core the event loop answering requests is waiting for (decision 079).
import { createRequire } from 'node:module';
import { runThisThreadInBackground } from '../background-priority.ts';

runThisThreadInBackground();
createRequire(import.meta.url)('tesseract.js/src/worker-script/node/index.js');
