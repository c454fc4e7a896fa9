// What every route module needs, and the wrapper that turns thrown HttpErrors into `{errors}`.
import type { SandboxContext } from '../core/context';
import type { Handler, Router, SandboxRequest, SandboxResponse } from '../core/router';
import type { Auth } from './auth';
import { errorResponse, HttpError } from './http';
import type { Store } from './store';
import type { User } from './types';

export interface Deps {
	ctx: SandboxContext;
	store: Store;
	auth: Auth;
}

export type AuthedHandler = (req: SandboxRequest, user: User) => SandboxResponse | Promise<SandboxResponse>;

export function guard(fn: Handler): Handler {
	return async (req) => {
		// Synchronous throws too: the handler runs inside the promise chain.
		const outcome = await Promise.resolve()
			.then(() => fn(req))
			.then(
			(response: SandboxResponse) => ({ response }),
			(error: unknown) => ({ error }),
		);
		if ('response' in outcome) return outcome.response;
		if (outcome.error instanceof HttpError) return errorResponse(outcome.error.status, outcome.error.errors);
		return Promise.reject(outcome.error);
	};
}

/** Registers a route that needs a valid session; the handler receives the session's user. */
export function route(router: Router, deps: Deps, method: string, pattern: string, fn: AuthedHandler): void {
	router.add(
		method,
		pattern,
		guard(async (req) => {
			const session = deps.auth.session(req);
			const user = deps.store.user(session.userGuid);
			if (!user) throw new HttpError(401, ['The user of this session no longer exists']);
			return await fn(req, user);
		}),
	);
}
