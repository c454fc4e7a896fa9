// Copies what tsc does not emit (icons and JSON) next to the compiled nodes and credentials:
// `npm run build` runs it after tsc.
const { cpSync, existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const ASSET = /\.(png|svg|json)$/;

function copyAssets(dir) {
	for (const name of readdirSync(join(root, dir))) {
		const path = join(dir, name);
		if (statSync(join(root, path)).isDirectory()) copyAssets(path);
		else if (ASSET.test(name)) cpSync(join(root, path), join(root, 'dist', path));
	}
}

for (const dir of ['nodes', 'credentials']) if (existsSync(join(root, dir))) copyAssets(dir);
