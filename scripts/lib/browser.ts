/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// The browser of the editor tests (test/browser): Chromium from Debian's packages, driven by
// playwright-core (which downloads no browser of its own). Installed with apt-get when missing,
// like the project installs everything else it needs; a machine where that cannot work gets a
// reason instead, and the tests skip with it.
import { existsSync } from 'node:fs';

import { spawnProcess } from './spawn';

export const CHROMIUM_PATH = process.env.SKYSLOPE_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a quiet headless run: no sandbox (root in CI), nothing phoning out. */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; out: string }> {
	return new Promise((resolve) => {
		const child = spawnProcess(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
		let out = '';
		child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
		child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
		child.on('error', (e) => resolve({ code: 127, out: String(e) }));
		child.on('close', (code) => resolve({ code: code ?? 1, out }));
	});
}

export type BrowserCheck = { path: string } | { skip: string };

/**
 * Chromium's path, installing Debian's `chromium` package first when it is missing (root and
 * apt-get needed). Never throws: when the browser cannot be had, `skip` says why.
 */
export function ensureChromium(log: (line: string) => void): Promise<BrowserCheck> {
	return ensureDebianTool({ name: 'Chromium', path: CHROMIUM_PATH, pkg: 'chromium' }, log);
}

/** Debian's ffmpeg (the demo encodes Chromium's screencast with it), installed the same way. */
export function ensureFfmpeg(log: (line: string) => void): Promise<BrowserCheck> {
	return ensureDebianTool({ name: 'ffmpeg', path: process.env.SKYSLOPE_FFMPEG ?? '/usr/bin/ffmpeg', pkg: 'ffmpeg' }, log);
}

/** A tool from Debian's packages at `path`, installed with apt-get when missing; `skip` says why it cannot be had. */
async function ensureDebianTool(tool: { name: string; path: string; pkg: string }, log: (line: string) => void): Promise<BrowserCheck> {
	const { name, path, pkg } = tool;
	if (existsSync(path)) return { path };
	if (process.platform !== 'linux') return { skip: `no ${name} at ${path}, and installing it is scripted for Debian only` };
	if (!existsSync('/usr/bin/apt-get')) return { skip: `no ${name} at ${path}, and no apt-get to install it` };
	if (process.getuid?.() !== 0) {
		return { skip: `no ${name} at ${path}; install it with \`sudo apt-get install -y ${pkg}\` (this run is not root)` };
	}
	log(`${name} is missing: apt-get install -y ${pkg} (once, about a minute)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	let r = await run('apt-get', ['install', '-y', '--no-install-recommends', pkg], env);
	if (r.code !== 0) {
		// A fresh image often has no package lists yet.
		await run('apt-get', ['update'], env);
		r = await run('apt-get', ['install', '-y', '--no-install-recommends', pkg], env);
	}
	if (r.code !== 0 || !existsSync(path)) {
		return { skip: `apt-get install ${pkg} failed (exit ${r.code}): ${r.out.trim().split('\n').slice(-3).join(' / ')}` };
	}
	log(`${name} installed at ${path}`);
	return { path };
}
