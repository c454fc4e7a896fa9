// Write shapes of spec section 2 and 4 as zod schemas. Bodies are strict: an unknown property is a
// 400, so that a client sending a misspelt or read-only field learns it at once.
import { z } from 'zod';

import { queryBool, queryInt } from './http';

export const CONTACT_TYPES = [
	'Broker',
	'Buyer',
	'BuyerAgent',
	'BuyersLawyer',
	'EscrowOfficer',
	'LoanOfficer',
	'Other',
	'Seller',
	'SellerAgent',
	'SellersLawyer',
	'TitleOfficer',
] as const;

export const ACTION_ATTRIBUTES = ['Empty', 'NeedsToSign', 'CanView', 'ReceivesCopy', 'NoAction'] as const;

export const REPRESENTATION_TYPES = ['Buyer', 'Seller', 'Tenant', 'Landlord'] as const;

const text = z.string().max(500);
const optionalText = text.nullable().optional();
const onBehalfOf = z.string().trim().min(1, 'must be a non-empty user id').optional();

export const addressSchema = z
	.object({
		streetNumber: optionalText,
		streetName: optionalText,
		unitNumber: optionalText,
		city: optionalText,
		state: z
			.string()
			.regex(/^[A-Za-z]{2}$/, 'must be a two-letter state code')
			.transform((s) => s.toUpperCase())
			.or(z.literal(''))
			.nullable()
			.optional(),
		postalCode: z
			.string()
			.regex(/^(\d{5}(-\d{4})?)?$/, 'must be a 5-digit ZIP code (or ZIP+4)')
			.nullable()
			.optional(),
		county: optionalText,
		/** Read-only fields of the read shapes, accepted so that a read record can be sent back. */
		isCompleteAddress: z.boolean().optional(),
		id: z.number().int().min(1).optional(),
	})
	.strict();

export type AddressInput = z.infer<typeof addressSchema>;

const email = z.union([z.literal(''), z.string().email('must be an e-mail address')]).nullable().optional();

const contactFields = {
	type: z.enum(CONTACT_TYPES),
	firstName: z.string().trim().min(1, 'is required').max(200),
	lastName: z.string().trim().min(1, 'is required').max(200),
	actionAttribute: z.enum(ACTION_ATTRIBUTES).optional(),
	isEntity: z.boolean().optional(),
	isUser: z.boolean().optional(),
	middleName: optionalText,
	suffix: optionalText,
	email,
	primaryPhoneNumber: optionalText,
	brokeragePhoneNumber: optionalText,
	faxPhoneNumber: optionalText,
	companyName: optionalText,
	primaryAddress: addressSchema.nullable().optional(),
	agentLicenseNumber: optionalText,
	agentMLSCode: optionalText,
	brokerLicenseNumber: optionalText,
	brokerMLSCode: optionalText,
	brokerageLicenseNumber: optionalText,
	brokerageMLSCode: optionalText,
	lenderLicenseNumber: optionalText,
};

/** AddContact / UpdateContact body. */
export const contactSchema = z.object({ ...contactFields, onBehalfOf }).strict();
export type ContactInput = z.infer<typeof contactSchema>;

/** An item of AddContacts (no onBehalfOf of its own). */
export const contactItemSchema = z.object(contactFields).strict();

export const addContactsSchema = z
	.object({ contacts: z.array(contactItemSchema).min(1, 'must hold at least one contact').max(100), onBehalfOf })
	.strict();

const money = z.number().finite().min(0);

export const createFileSchema = z
	.object({
		name: z.string().trim().min(1, 'is required').max(200),
		representationType: z.enum(REPRESENTATION_TYPES),
		mlsNumber: z.string().max(50).nullable().optional(),
		property: addressSchema.optional(),
		onBehalfOf,
	})
	.strict();

export const createFileQuery = z.object({ importMls: queryBool }).passthrough();

export const updateFileDetailsSchema = z
	.object({
		name: z.string().trim().min(1, 'must not be blank').max(200).optional(),
		fileData: z
			.object({
				mlsNumber: z.string().max(50).nullable().optional(),
				purchasePrice: money.nullable().optional(),
				closingDate: z.string().nullable().optional(),
				acceptanceDate: z.string().nullable().optional(),
				premisesAddress: addressSchema.optional(),
			})
			.strict()
			.optional(),
		onBehalfOf,
	})
	.strict();

export const commissionSchema = z
	.object({
		id: z.number().int().min(1).optional(),
		type: z.string().trim().min(1, 'is required').max(50),
		calculationType: z.string().trim().min(1, 'is required').max(50),
		amount: money,
	})
	.strict();

/** UpdateFile (full replace). Contacts may carry the id of an existing contact of the file. */
export const updateFileSchema = z
	.object({
		mlsNumber: z.string().max(50).nullable().optional(),
		purchasePrice: money.nullable().optional(),
		closingDateTime: z.string().nullable().optional(),
		acceptanceDateTime: z.string().nullable().optional(),
		property: addressSchema,
		commissions: z.array(commissionSchema),
		contacts: z.array(z.object({ ...contactFields, id: z.number().int().min(1).optional() }).strict()),
		onBehalfOf,
	})
	.strict();

export const importMlsSchema = z
	.object({
		mlsNumber: z.string().max(50).nullable().optional(),
		shouldOverride: z.boolean().optional(),
		onBehalfOf,
	})
	.strict();

const positiveId = z.number().int('must be an integer').min(1, 'must be >= 1').max(2147483647);

export const addDocumentsSchema = z
	.object({ formIds: z.array(positiveId).min(1, 'must not be empty').max(100), onBehalfOf })
	.strict();

export const applyTemplateSchema = z.object({ templateId: positiveId, onBehalfOf }).strict();

export const createEnvelopeSchema = z
	.object({
		envelopeName: z.string().trim().min(1, 'is required').max(200),
		documentIds: z.array(positiveId).min(1, 'must not be empty').max(100),
		onBehalfOf,
	})
	.strict();

export const subscribeSchema = z
	.object({
		webhookUrl: z
			.string()
			.url('must be an absolute URL')
			.refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL'),
		onBehalfOf,
	})
	.strict();

/** DELETE operations carry no body: `onBehalfOf` may come as a query parameter. */
export const deleteQuery = z.object({ onBehalfOf }).passthrough();

/** UpdateDocumentFields: data references to values of any type. */
export const updateFieldsSchema = z
	.record(z.string().min(1), z.unknown())
	.refine((o) => Object.keys(o).length > 0, 'at least one field value is required');

export const pagedQuery = z
	.object({
		page: queryInt(1, 2147483647, 1),
		pageSize: queryInt(1, 500, 10),
		filters: z.string().optional(),
		sorts: z.string().optional(),
	})
	.passthrough();

export const documentQuery = z.object({ page: queryInt(1, 2147483647, 1), pageSize: queryInt(1, 500, 10) }).passthrough();

export const formsQuery = z
	.object({
		page: queryInt(1, 2147483647, 1),
		pageSize: queryInt(1, 2147483647, 10),
		libraryIds: z
			.union([z.string(), z.array(z.string())])
			.optional()
			.transform((v, ctx) => {
				if (v === undefined) return undefined;
				const parts = (Array.isArray(v) ? v : [v])
					.flatMap((s) => s.split(','))
					.map((s) => s.trim())
					.filter((s) => s !== '');
				// An empty `libraryIds=` means no filter.
				if (parts.length === 0) return undefined;
				if (parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1)) {
					ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be integers >= 1' });
					return z.NEVER;
				}
				return parts.map(Number);
			}),
	})
	.passthrough();

export const templatesQuery = z
	.object({ type: z.enum(['Template', 'BrokerTemplate']).optional().transform((t) => t ?? 'Template') })
	.passthrough();

export const downloadQuery = z
	.object({
		documentIds: z
			.string({ required_error: 'is required' })
			.transform((v, ctx) => {
				const parts = v.split(',').map((s) => s.trim());
				if (parts.some((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1)) {
					ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be comma-separated integers >= 1' });
					return z.NEVER;
				}
				return [...new Set(parts.map(Number))];
			}),
	})
	.passthrough();
