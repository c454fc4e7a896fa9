// The live switches' effect on listings-and-sales answers (sandbox/core/live.ts says what each
// switch means). One transform per switch, applied in this order to every answer of the service.
import type { LiveBehaviour, LiveSwitches } from '../core/live';
import type { SandboxRequest, SandboxResponse } from '../core/router';

type Transform = (req: SandboxRequest, answer: SandboxResponse) => SandboxResponse;

/** Each switch's transform of a finished answer; a switch that acts inside a route is not listed. */
const TRANSFORMS: Array<[LiveBehaviour, Transform]> = [];

export function applyListingsLive(req: SandboxRequest, answer: SandboxResponse, switches: LiveSwitches): SandboxResponse {
	let out = answer;
	for (const [name, transform] of TRANSFORMS) if (switches[name]) out = transform(req, out);
	return out;
}
