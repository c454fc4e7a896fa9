import { noteStatus } from '../shared/records';
import { apiRequestFull, type ApiContext, type ApiRequest } from '../shared/transport';
import { offersService } from './service';

/**
 * The ONE place the offers node talks HTTP. Every operation of this service may answer 204 with no
 * body: that is "nothing", returned here as `undefined`, never an error.
 */
export async function offersRequest<T = unknown>(this: ApiContext, request: ApiRequest): Promise<T | undefined> {
	const response = await apiRequestFull.call(this, offersService, request);
	if (response.statusCode === 204) return undefined;
	const body = response.body;
	if (body === undefined || body === null || body === '') return undefined;
	// The status goes with the body, for the record readers' errors.
	return noteStatus(body as T, response.statusCode);
}
