import type { IExecuteFunctions } from 'n8n-workflow';

/** The value of a resourceLocator parameter, whichever mode (list, id, url) the user chose. */
export function getLocatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number): unknown {
	return ctx.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
}
