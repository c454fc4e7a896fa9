// What every route module of the forms service shares.
import type { SandboxContext } from '../core/context';
import type { Router, SandboxRequest, SandboxResponse } from '../core/router';
import type { AccessToken, FormsAuth, Scope } from './auth';
import { wrap, type TraceIds } from './http';
import type { FormsStore } from './store';

export const API = '/partner/api';

export type ApiHandler = (req: SandboxRequest, token: AccessToken) => SandboxResponse | Promise<SandboxResponse>;

export interface FormsState {
	ctx: SandboxContext;
	store: FormsStore;
	auth: FormsAuth;
	router: Router;
	/** Seeded randomness for ids and guids of records created at run time. */
	random: () => number;
	traceId: TraceIds;
	/** Now as an ISO timestamp. */
	iso(): string;
	/** Saves what survives a restart (subscriptions, tokens) when the sandbox was given a folder. */
	persist(): void;
	/**
	 * Registers an API route below `/partner/api`: 401 without a valid token, 403 unless the token
	 * holds one of `anyOf` (an empty list: any valid token).
	 */
	api(method: string, path: string, anyOf: readonly Scope[], handler: ApiHandler): void;
}

export function makeApi(
	state: Omit<FormsState, 'api'>,
): FormsState['api'] {
	return (method, path, anyOf, handler) => {
		state.router.add(
			method,
			`${API}${path}`,
			wrap(state.traceId, (req) => handler(req, state.auth.require(req, anyOf))),
		);
	};
}
