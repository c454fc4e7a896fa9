// The live switches' effect on Forms answers (sandbox/core/live.ts says what each switch means).
import type { LiveSwitches } from '../core/live';
import type { SandboxRequest, SandboxResponse } from '../core/router';

/**
 * The warning every successful Forms write carries with `writeWarnings` on. No client of the live
 * service has shown one on a Forms write; the listings-and-sales service sends them, and a node
 * must show a warning wherever it comes (spec README, "What clients of the live service report").
 */
export const FORMS_WRITE_WARNING = 'Some of the changes were not saved';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * writeWarnings: every successful write of the partner API (200, 201, 204; not the 208 "already
 * subscribed", which is a refusal in a success status) answers with a warning beside its payload,
 * a 204 as a 200 with only the warning. Token requests and the sandbox's controls are left alone.
 */
export function applyFormsLive(req: SandboxRequest, answer: SandboxResponse, switches: LiveSwitches): SandboxResponse {
	if (!switches.writeWarnings || req.method === 'GET' || !req.path.startsWith('/partner/api/')) return answer;
	if (![200, 201, 204].includes(answer.status)) return answer;
	if (answer.status === 204 || answer.json === undefined) return { ...answer, status: 200, json: { warnings: [FORMS_WRITE_WARNING] } };
	if (!isObject(answer.json)) return answer;
	const before = Array.isArray(answer.json.warnings) ? answer.json.warnings : [];
	return { ...answer, json: { ...answer.json, warnings: [...before, FORMS_WRITE_WARNING] } };
}
