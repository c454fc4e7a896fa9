/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev tooling, never shipped in dist */
import { createRequire } from 'node:module';

import type * as BackendCommon from '@n8n/backend-common';
import type * as Di from '@n8n/di';
import type { BinaryDataConfig } from 'n8n-core';
import { BinaryDataService, ErrorReporter } from 'n8n-core';

/**
 * n8n-core resolves its own copies of @n8n/di and @n8n/backend-common (nested under it), so the
 * DI container it reads services from is the one seen from n8n-core's folder, not ours.
 */
const requireFromCore = createRequire(require.resolve('n8n-core'));
export const { Container } = requireFromCore('@n8n/di') as typeof Di;
const { Logger } = requireFromCore('@n8n/backend-common') as typeof BackendCommon;

let ready = false;

/** Errors n8n-core handed to its ErrorReporter (kept here instead of being logged to the console). */
export const reportedErrors: unknown[] = [];

/**
 * Once per module registry (per jest test file): n8n-core's binary data service in 'default'
 * mode, which keeps binary data in memory (base64 in the item, as n8n does without a filesystem
 * or S3 store), so prepareBinaryData / getBinaryDataBuffer work in tests.
 */
export function prepareEnvironment(): void {
	if (ready) return;
	ready = true;
	const reporter = Container.get(ErrorReporter);
	reporter.error = (error: unknown) => {
		reportedErrors.push(error);
	};
	reporter.warn = reporter.error;
	const config = { mode: 'default', availableModes: ['default'] } as unknown as BinaryDataConfig;
	const logger = Container.get(Logger) as unknown as ConstructorParameters<typeof BinaryDataService>[2];
	Container.set(BinaryDataService, new BinaryDataService(config, reporter, logger));
}
