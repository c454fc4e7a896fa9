import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';
import { BINARY_ENCODING, UnexpectedError } from 'n8n-workflow';

import { Container, prepareEnvironment } from './environment';

/** Binary data as n8n keeps it in memory ('default' mode): base64 in `data`. */
export function binary(content: Buffer | string, fileName: string, mimeType: string): IBinaryData {
	const buffer = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
	const extension = fileName.includes('.') ? fileName.split('.').pop() : undefined;
	return {
		data: buffer.toString(BINARY_ENCODING),
		mimeType,
		fileName,
		...(extension ? { fileExtension: extension } : {}),
		fileSize: `${buffer.length} B`,
		bytes: buffer.length,
	};
}

/** The bytes of an item's binary property, read through n8n-core's binary data service. */
export async function readBinary(item: INodeExecutionData, property = 'data'): Promise<Buffer> {
	const data = item.binary?.[property];
	if (!data) throw new UnexpectedError(`Item has no binary property "${property}"`);
	prepareEnvironment();
	return await Container.get(BinaryDataService).getAsBuffer(data);
}
