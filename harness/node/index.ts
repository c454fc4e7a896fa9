export type { BaseOptions } from './context';
export { NODE_NAME } from './context';
export { runNode } from './run-node';
export type { RunNodeOptions, RunNodeResult } from './run-node';
export { HarnessCredentialsHelper } from './credentials-helper';
export type { CredentialStore } from './credentials-helper';
export { CredentialTypes } from './credential-types';
export type { CredentialClass } from './credential-types';
export { OAuth2Api } from './oauth2-api';
export { binary, readBinary } from './binary';
export { resolveCredentials, testCredential } from './test-credential';
export type { TestCredentialResult } from './test-credential';
export { copyOfStaticData, runPoll, runWebhook, runWebhookMethods } from './triggers';
export type {
	RunPollOptions,
	RunPollResult,
	RunWebhookMethodsOptions,
	RunWebhookMethodsResult,
	RunWebhookOptions,
	RunWebhookResult,
	WebhookMethod,
	WebhookName,
	WebhookRequest,
} from './triggers';
export { runMethod } from './methods';
export type { MethodKind, RunMethodOptions, RunMethodResult } from './methods';
export { reportedErrors } from './environment';
export { obtainFormsToken } from './forms-oauth';
export type { FormsTokenOptions } from './forms-oauth';
