import { NodeOperationError, type ILoadOptionsFunctions, type ResourceMapperFields } from 'n8n-workflow';

import { resources } from '../actions';
import { loadReader } from '../helpers/fields';
import { formSourceOf } from '../helpers/formDriven';
import { describePayload, formFieldsIn, toMapperFields } from '../helpers/forms';
import { skySlopeRequest } from '../transport';

/**
 * The fields of the form behind the current operation, for n8n's resource mapper: fetched from the
 * service (forms change at any time, spec 1.3), or fixed where the service publishes no form.
 */
export async function getFormFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const resource = this.getNodeParameter('resource', '') as string;
	const operation = this.getNodeParameter('operation', '') as string;
	const op = resources.find((r) => r.value === resource)?.operations.find((o) => o.value === operation);
	const source = formSourceOf(op);
	if (!source) return { fields: [], emptyFieldsNotice: 'This operation takes no form' };
	if (source.fields) return { fields: toMapperFields(source.fields, source) };

	let request: { path: string; qs?: Record<string, unknown> } | undefined;
	let missing: string | undefined;
	try {
		request = source.request?.(loadReader(this));
	} catch (error) {
		missing = (error as Error).message.replace(/ \(item \d+\)$/, '');
	}
	if (!request) {
		return { fields: [], emptyFieldsNotice: `Fill in the parameters above first (${missing ?? 'no form'})` };
	}
	const envelope = await skySlopeRequest.call(this, { method: 'GET', path: request.path, qs: request.qs as never });
	const form = formFieldsIn(envelope.value);
	// An answer that is not a form is not an empty form: say what came back.
	if (!form) {
		throw new NodeOperationError(
			this.getNode(),
			`The form at ${request.path} could not be read: the service answered ${describePayload(envelope.value)}, not a list of fields`,
		);
	}
	// Required fields of the form are required here too (an update's are not: absent fields keep their value).
	const fields = toMapperFields(form, source);
	return fields.length ? { fields } : { fields, emptyFieldsNotice: 'The form of this record has no fields' };
}
