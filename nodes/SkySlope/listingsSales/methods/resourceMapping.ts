import { NodeOperationError, type ILoadOptionsFunctions, type ResourceMapperFields } from 'n8n-workflow';

import { resources } from '../actions';
import { loadReader } from '../helpers/fields';
import { formSourceOf } from '../helpers/formDriven';
import { describePayload, formFieldsIn, toMapperFields } from '../helpers/forms';
import { skySlopeRequest } from '../transport';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** `Office`, `Office and Checklist Type`, `Office, Agent and Checklist Type`. */
const listed = (names: string[]) =>
	names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

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
	if (source.fields) return { fields: toMapperFields(source.fields, { ...source, labelRequired: true }) };

	const reader = loadReader(this);
	// Until the parameters the form depends on are picked there is no form to load: say which, not an error.
	const unpicked = (source.properties ?? op?.properties ?? [])
		.filter((p) => p.required && p.type !== 'resourceMapper' && isBlank(reader.get(p.name)))
		.map((p) => p.displayName.replace(/ Name or ID$/, ''));
	if (unpicked.length) {
		return { fields: [], emptyFieldsNotice: `Pick the ${listed(unpicked)} above first: the fields of the form load then` };
	}
	let request: { path: string; qs?: Record<string, unknown> } | undefined;
	let invalid: string | undefined;
	try {
		request = source.request?.(reader);
	} catch (error) {
		invalid = (error as Error).message.replace(/ \[item \d+\]$/, '');
	}
	if (!request) {
		return { fields: [], emptyFieldsNotice: `The form cannot be loaded yet: ${invalid ?? 'no form'}` };
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
