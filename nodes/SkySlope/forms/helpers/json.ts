import { jsonParse, type IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../shared';

/** A JSON parameter: text is parsed (and refused when it is not JSON); a value from an expression is taken as it is. */
export function jsonParameter(ctx: IExecuteFunctions, label: string, raw: unknown, i: number): unknown {
	if (typeof raw !== 'string') return raw;
	try {
		return jsonParse(raw);
	} catch {
		throw inputError(ctx, label, i, 'is not valid JSON');
	}
}
