// The tool text each SkySlope operation gives an AI agent (OperationDefinition.toolDescription): what
// the model must be offered for a tool node that keeps the default Tool Description.
import { resources as forms } from '../../nodes/SkySlope/forms/actions';
import { resources as listingsSales } from '../../nodes/SkySlope/listingsSales/actions';
import { resources as offers } from '../../nodes/SkySlope/offers/actions';
import type { Resource } from '../../nodes/SkySlope/shared';
import type { WorkflowNode } from '../../harness/n8n/workflows';

const BY_TOOL_TYPE: Record<string, Resource[]> = {
	'n8n-nodes-skyslope.skySlopeFormsTool': forms,
	'n8n-nodes-skyslope.skySlopeListingsSalesTool': listingsSales,
	'n8n-nodes-skyslope.skySlopeOffersTool': offers,
};

export function toolTextOf(node: WorkflowNode): string {
	const resources = BY_TOOL_TYPE[node.type];
	const { resource, operation } = node.parameters as { resource?: string; operation?: string };
	const text = resources?.find((r) => r.value === resource)?.operations.find((o) => o.value === operation)?.toolDescription;
	if (!text) throw new Error(`no tool text for ${node.type} ${String(resource)}/${String(operation)} (node "${node.name}")`);
	return text;
}
