import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';

/**
 * Every credential offers Production, Staging and a Custom base URL. A service module names its
 * hosts once; the credential's fields, its expressions and the transport's base-URL rule are all
 * built from them here, so a host is never written twice.
 */
export interface Hosts {
	production: string;
	staging: string;
}

/** The credential's Environment selector and, for Custom, its Base URL field. */
export function environmentProperties(
	hosts: Hosts,
	custom: { placeholder: string; description: string },
): INodeProperties[] {
	return [
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{ name: 'Production', value: 'production', description: hosts.production },
				{ name: 'Staging', value: 'staging', description: hosts.staging },
				{ name: 'Custom Base URL', value: 'custom', description: 'A proxy, a new region or a local stand-in' },
			],
			default: 'production',
		},
		{
			displayName: 'Base URL',
			name: 'customBaseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: custom.placeholder,
			description: custom.description,
			displayOptions: { show: { environment: ['custom'] } },
		},
	];
}

/** The chosen environment's base URL, without a trailing slash. */
export function environmentBaseUrl(hosts: Hosts, credentials: ICredentialDataDecryptedObject): string {
	if (credentials.environment === 'custom') {
		return String(credentials.customBaseUrl ?? '').trim().replace(/\/+$/, '');
	}
	return credentials.environment === 'staging' ? hosts.staging : hosts.production;
}

/**
 * The same rule as an n8n expression over the credential's own fields (`$credentials` in a test
 * request, `$self` in a hidden field), without the surrounding `{{ }}`.
 */
export function environmentBaseUrlExpression(hosts: Hosts, self: '$credentials' | '$self'): string {
	return `${self}["environment"] === "custom" ? String(${self}["customBaseUrl"] || "").trim().replace(/\\/+$/, "") : ${self}["environment"] === "staging" ? ${JSON.stringify(hosts.staging)} : ${JSON.stringify(hosts.production)}`;
}

/** The integrator's Client ID and Client Secret, as every SkySlope credential asks for them. */
export function clientFields(clientIdDescription: string): INodeProperties[] {
	return [
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description: clientIdDescription,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
	];
}

/** A rate key read from one (non-secret) credential field: the account the service counts against. */
export const rateKeyFrom =
	(field: 'clientId' | 'accessKey') =>
	(credentials: ICredentialDataDecryptedObject): string =>
		String(credentials[field] ?? '');
