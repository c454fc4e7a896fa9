import type { SandboxOptions } from './core/context';
import { SandboxServer } from './core/server';
import { formsService } from './forms';
import { listingsService } from './listings';
import { offersService } from './offers';

export type { FaultRule, RequestLogEntry, SandboxOptions, ServiceName } from './core/context';
export { SandboxServer } from './core/server';
export { allLive, LIVE_BEHAVIOURS, parseLiveSwitches, type LiveBehaviour, type LiveSwitches } from './core/live';

/** Builds the sandbox of all three services and starts listening; `close()` stops it. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxServer> {
	const server = new SandboxServer(options, [formsService, listingsService, offersService]);
	await server.listen();
	return server;
}
