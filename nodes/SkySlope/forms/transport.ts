import type { IDataObject } from 'n8n-workflow';

import { apiRequestFull, noteStatus, type ApiContext, type ApiRequest, type FullResponse } from '../shared';
import { formsService } from './service';

/** The one place the Forms nodes talk HTTP: thin wrappers over the shared transport. */

/** A JSON request; the parsed body (an object, or an array for some lists). */
export async function formsRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const response = await apiRequestFull.call(this, formsService, request);
	// The status goes with the body, for the record readers' errors.
	return noteStatus((response.body ?? {}) as IDataObject, response.statusCode);
}

/** A request whose status and headers matter (208 on subscribe, file names of downloads). */
export async function formsFullRequest(this: ApiContext, request: ApiRequest): Promise<FullResponse<unknown>> {
	return await apiRequestFull.call(this, formsService, request);
}
