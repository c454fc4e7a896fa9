// Every endpoint of the listings-and-sales spec (tables of 4.1-4.8, the bulk export, the listing
// stage) plus what public clients use (sales list/get/update/create, saleForm). Paths are relative
// to {api_url}; `{name}` marks a path parameter. The sandbox serves every one of them.

export interface ListingsEndpoint {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	path: string;
	section: string;
}

const L = '/api/files/listings/{listingGuid}';
const S = '/api/files/sales/{saleGuid}';

const rows = (section: string, base: string, list: Array<[ListingsEndpoint['method'], string]>): ListingsEndpoint[] =>
	list.map(([method, path]) => ({ method, path: `${base}${path}`, section }));

export const listingsEndpoints: ListingsEndpoint[] = [
	...rows('4.1', '', [
		['GET', '/api/healthcheck'],
		['POST', '/auth/login'],
		['GET', '/api/subscribers'],
	]),
	...rows('4.2', '', [['GET', '/api/files']]),
	...rows('4.3', '', [
		['GET', '/api/checklistTypes'],
		['GET', '/api/offices/{officeGuid}/checklistTypes'],
	]),
	...rows('4.4', '', [
		['POST', '/api/contacts'],
		['GET', '/api/contacts'],
		['DELETE', '/api/contacts/{contactGuid}'],
		['PATCH', '/api/contacts/{contactGuid}'],
	]),
	...rows('4.5', '', [
		['GET', '/api/offices'],
		['GET', '/api/offices/{officeGuid}'],
		['PATCH', '/api/offices/{officeGuid}'],
	]),
	...rows('4.6', '', [
		['GET', '/api/files/listingForm'],
		['POST', '/api/files/listings'],
		['GET', '/api/files/listings'],
		['GET', L],
		['PUT', L],
		['GET', `${L}/updateListingForm`],
	]),
	...rows('4.7', L, [
		['PUT', '/agent'],
		['PUT', '/checklistType'],
		['PUT', '/coAgents'],
		['GET', '/updateListingCoAgentsForm'],
		['POST', '/commissionReferral'],
		['PATCH', '/commissionReferral'],
		['GET', '/commissionReferralForm'],
		['GET', '/addCommissionsToListingForm'],
		['POST', '/commissions'],
		['PUT', '/commissions'],
		['GET', '/updateListingCommissionsForm'],
		['GET', '/addHomeWarrantyContactToListingForm'],
		['GET', '/addMiscellaneousContactToListingForm'],
		['GET', '/addSellerContactToListingForm'],
		['POST', '/homeWarrantyContact'],
		['POST', '/miscellaneousContact'],
		['POST', '/sellerContact'],
		['PUT', '/contact/{contactGuid}'],
		['GET', '/contacts/{contactGuid}/updateListingContactForm'],
		['PATCH', '/documents/{documentGuid}'],
		['PUT', '/office'],
		['PUT', '/property'],
		['GET', '/updateListingPropertyForm'],
		['GET', '/addReferringAgentToListingForm'],
		['POST', '/referringagent'],
		['GET', '/referringagent'],
		['PUT', '/referringagent'],
		['GET', '/updateListingReferringAgentForm'],
		['PUT', '/customFields'],
	]),
	...rows('4.7 stage', '', [['PATCH', '/api/listings/{listingGuid}/stage']]),
	...rows('4.8', '', [
		['GET', '/api/files/saleForm'],
		['POST', '/api/files/sales'],
		['GET', '/api/files/sales'],
		['GET', S],
		['PUT', S],
	]),
	...rows('4.8', S, [
		['PUT', '/agent'],
		['PUT', '/checklistType'],
		['PUT', '/coAgents'],
		['GET', '/updateSaleCoAgentsForm'],
		['PUT', '/commissionBreakdown'],
		['GET', '/updateCommissionBreakdownsForm'],
		['POST', '/commissionReferral'],
		['PATCH', '/commissionReferral'],
		['GET', '/commissionReferralForm'],
		['PUT', '/commissionSplit'],
		['GET', '/updateCommissionSplitForm'],
		['GET', '/addCommissionsToSaleForm'],
		['POST', '/commissions'],
		['PUT', '/commissions'],
		['GET', '/updateSaleCommissionsForm'],
		['POST', '/commissionLog'],
		['GET', '/commissionLog'],
		['PATCH', '/earnestMoneyDeposit'],
		['GET', '/addAttorneyContactToSaleForm'],
		['GET', '/addBuyerContactToSaleForm'],
		['GET', '/addEscrowContactToSaleForm'],
		['GET', '/addHomeWarrantyContactToSaleForm'],
		['GET', '/addLenderContactToSaleForm'],
		['GET', '/addMiscellaneousContactToSaleForm'],
		['GET', '/addOtherSideAgentContactToSaleForm'],
		['GET', '/addSellerContactToSaleForm'],
		['GET', '/addTitleContactToSaleForm'],
		['POST', '/attorneyContact'],
		['POST', '/buyerContact'],
	]),
];

/**
 * Served too, though the spec leaves them "not shown" (4.8: "remaining contact operations ... sale
 * property"): the sandbox's reading of them. Not required of the node.
 */
export const listingsExtraEndpoints: ListingsEndpoint[] = rows('4.8 not shown', S, [
	['GET', '/updateSaleForm'],
	['GET', '/updateSalePropertyForm'],
	['PUT', '/property'],
	['POST', '/escrowContact'],
	['POST', '/homeWarrantyContact'],
	['POST', '/lenderContact'],
	['POST', '/miscellaneousContact'],
	['POST', '/otherSideAgentContact'],
	['POST', '/sellerContact'],
	['POST', '/titleContact'],
]);
