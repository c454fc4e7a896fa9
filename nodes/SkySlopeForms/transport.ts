import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import {
	apiRequest,
	apiRequestFull,
	type ApiContext,
	type ApiRequest,
	type FullResponse,
	type ServiceError,
	type ServiceSpec,
} from '../shared';

/** The one place the Forms nodes talk HTTP: the service's description and a thin wrapper. */

export const FORMS_CREDENTIAL = 'skySlopeFormsOAuth2Api';

const HOSTS: Record<string, string> = {
	production: 'https://forms.skyslope.com',
	staging: 'https://staging-forms.skyslope.com',
};

/**
 * `{base_url}/partner/api`: the credential's resolved `apiBaseUrl`, or else built from its
 * environment and custom base URL.
 */
export function formsApiBase(credentials: ICredentialDataDecryptedObject): string {
	const resolved = typeof credentials.apiBaseUrl === 'string' ? credentials.apiBaseUrl.trim() : '';
	if (/^https?:\/\//i.test(resolved)) return resolved.replace(/\/+$/, '');
	const environment = String(credentials.environment ?? 'production');
	const custom = typeof credentials.customBaseUrl === 'string' ? credentials.customBaseUrl.trim() : '';
	const base = environment === 'custom' && custom ? custom : (HOSTS[environment] ?? HOSTS.production);
	const trimmed = base.replace(/\/+$/, '');
	return /\/partner\/api$/i.test(trimmed) ? trimmed : `${trimmed}/partner/api`;
}

function readError(body: unknown): ServiceError {
	if (!body || typeof body !== 'object') return typeof body === 'string' && body ? { message: body } : {};
	const b = body as IDataObject;
	const errors = Array.isArray(b.errors) ? b.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))) : undefined;
	return {
		message: typeof b.message === 'string' ? b.message : typeof b.title === 'string' ? b.title : undefined,
		errors,
		traceId: typeof b.traceId === 'string' ? b.traceId : undefined,
		code: typeof b.code === 'string' ? b.code : undefined,
	};
}

export const formsService: ServiceSpec = {
	label: 'SkySlope Forms',
	credentialType: FORMS_CREDENTIAL,
	baseUrl: formsApiBase,
	readError,
};

/** A JSON request; the parsed body (an object, or an array for some lists). */
export async function formsRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const body = await apiRequest.call(this, formsService, request);
	return (body ?? {}) as IDataObject;
}

/** A request whose status and headers matter (208 on subscribe, file names of downloads). */
export async function formsFullRequest(this: ApiContext, request: ApiRequest): Promise<FullResponse<unknown>> {
	return await apiRequestFull.call(this, formsService, request);
}
