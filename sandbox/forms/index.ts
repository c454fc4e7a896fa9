/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the sandbox is dev tooling, never shipped in dist */
// PLACEHOLDER: the forms service module is being written; this only keeps the sandbox compiling.
import type { ServiceFactory } from '../core/server';
import { Router } from '../core/router';

export const formsService: ServiceFactory = () => ({
	name: 'forms',
	mount: '/forms',
	router: new Router(),
	error: (status, message) => ({ status, json: { message } }),
	rateKey: () => 'all',
	expireAuth: () => undefined,
	credentialHints: () => ({}),
	state: {},
});
