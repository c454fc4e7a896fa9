import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

/** MLS import outcomes the service answers with 200 but that did not import. */
export const MLS_PROBLEMS = ['not_imported', 'failed', 'unknown'];

/** With "Fail Item If Not Imported", an MLS outcome other than imported fails the item. */
export function checkMlsOutcome(
	ctx: IExecuteFunctions,
	i: number,
	response: IDataObject,
	errorOnProblem: boolean,
): void {
	const mls = response.mlsImport as IDataObject | undefined;
	if (!errorOnProblem || !mls) return;
	const status = String(mls.status ?? 'unknown');
	if (!MLS_PROBLEMS.includes(status)) return;
	const reason = mls.reason ? ` (${String(mls.reason)})` : '';
	const kept =
		response.fileId !== undefined ? ` File ${String(response.fileId)} exists and keeps what was written.` : '';
	throw new NodeOperationError(ctx.getNode(), `MLS import ${status}${reason}`, {
		itemIndex: i,
		description: `The service answered 200 but did not confirm the import.${kept} Check the file before importing again (File > Import MLS); this node never retries an import.`,
	});
}
