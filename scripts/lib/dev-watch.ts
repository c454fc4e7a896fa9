/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// What `npm run dev` watches: the package's own sources (nodes/, credentials/: TypeScript, icons,
// codex JSON), a burst of saves taken as one change. Tests, docs and build output do not count.
import { type FSWatcher, watch } from 'node:fs';
import { join, relative } from 'node:path';

/** Files whose change makes a new build: what `npm run build` puts into dist/. */
export function isPackageSource(file: string): boolean {
	const name = file.replace(/\\/g, '/');
	if (/(^|\/)(node_modules|dist)(\/|$)/.test(name)) return false;
	if (/\.(test|spec)\.ts$|\.d\.ts$/.test(name)) return false;
	return /\.(ts|svg|png|json)$/.test(name);
}

export interface Watching {
	close(): void;
}

/**
 * Calls `onChange` with the changed files (relative to `root`, sorted) once `quietMs` have passed
 * without another save; a change that comes while `onChange` runs is kept for the next call, never
 * run alongside it.
 */
export function watchSources(
	root: string,
	dirs: string[],
	onChange: (files: string[]) => Promise<void> | void,
	quietMs = 400,
): Watching {
	const pending = new Set<string>();
	let timer: NodeJS.Timeout | undefined;
	let running: Promise<void> | undefined;
	const flush = async () => {
		timer = undefined;
		if (running) return;
		const files = [...pending].sort();
		pending.clear();
		if (!files.length) return;
		running = Promise.resolve(onChange(files)).finally(() => {
			running = undefined;
			if (pending.size) timer = setTimeout(() => void flush(), quietMs);
		});
		await running;
	};
	const watchers: FSWatcher[] = dirs.map((dir) =>
		watch(join(root, dir), { recursive: true }, (_event, name) => {
			if (!name) return;
			const file = relative(root, join(root, dir, name.toString()));
			if (!isPackageSource(file)) return;
			pending.add(file);
			if (timer) clearTimeout(timer);
			timer = setTimeout(() => void flush(), quietMs);
		}),
	);
	return {
		close() {
			if (timer) clearTimeout(timer);
			for (const w of watchers) w.close();
		},
	};
}
