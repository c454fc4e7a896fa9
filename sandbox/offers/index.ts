/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- the sandbox is dev tooling, never shipped in dist */
// PLACEHOLDER: the offers service module is being written; this only keeps the sandbox compiling.
import type { ServiceFactory } from '../core/server';
import { Router } from '../core/router';

export const offersService: ServiceFactory = () => ({
	name: 'offers',
	mount: '/offers',
	router: new Router(),
	error: (status, message) => ({ status, json: { message } }),
	rateKey: () => 'all',
	expireAuth: () => undefined,
	credentialHints: () => ({}),
	state: {},
});
