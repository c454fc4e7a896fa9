/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// `npm run pack:local [-- <user folder>]`: build, `npm pack`, and unpack the tarball into
// `<user folder>/.n8n/nodes/node_modules/n8n-nodes-skyslope` (default: .n8n-host/, the folder of
// `npm start`), as n8n's community install does. Restart n8n to load the new build.
import { join, resolve } from 'node:path';

import { say } from './lib/host';
import { REPO_ROOT } from './lib/processes';
import { installPackage } from './lib/setup';

const folder = resolve(process.argv[2] ?? process.env.N8N_HOST_USER_FOLDER ?? join(REPO_ROOT, '.n8n-host'));
installPackage(folder, say).catch((error: Error) => {
	process.stderr.write(`${error.message}\n`);
	process.exit(1);
});
