/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev tooling, never shipped in dist */
// Every fetch of a test process on a connection of its own (`connection: close`). A connection kept
// alive between calls is closed by the server after its idle time (n8n's: 5 s); on a busy machine,
// with stages side by side, the client's own timer for it can run late, and the next call goes out
// on the socket as the server closes it ("other side closed"). Loopback connections cost nothing.
// Installed by the jest configurations of the stages that drive n8n (setupFiles) and their global set-ups.
const PATCHED = Symbol.for('skyslope.fresh-connections');

export function freshConnections(): void {
	const global = globalThis as typeof globalThis & { [PATCHED]?: boolean };
	if (global[PATCHED]) return;
	global[PATCHED] = true;
	const original = global.fetch.bind(global);
	global.fetch = (input: Parameters<typeof fetch>[0], init: RequestInit = {}) => {
		const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
		headers.set('connection', 'close');
		return original(input, { ...init, headers });
	};
}

freshConnections();
