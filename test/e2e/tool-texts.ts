// The tool text each SkySlope operation gives an AI agent (OperationDefinition.toolDescription): what
// the model must be offered for a tool node that keeps the default Tool Description.
import { resources } from '../../nodes/SkySlope/actions';
import type { WorkflowNode } from '../../harness/n8n/workflows';

const TOOL_TYPE = 'n8n-nodes-skyslope.skySlopeTool';

export function toolTextOf(node: WorkflowNode): string {
	const { resource, operation } = node.parameters as { resource?: string; operation?: string };
	const text = (node.type === TOOL_TYPE ? resources : undefined)?.find((r) => r.value === resource)?.operations.find((o) => o.value === operation)?.toolDescription;
	if (!text) throw new Error(`no tool text for ${node.type} ${String(resource)}/${String(operation)} (node "${node.name}")`);
	return text;
}
