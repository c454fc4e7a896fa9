import type { Resource } from '../../shared';
import buyerAgreement from './buyerAgreement/BuyerAgreement.resource';
import collaborator from './collaborator/Collaborator.resource';
import contact from './fileContact/FileContact.resource';
import document from './document/Document.resource';
import envelope from './envelope/Envelope.resource';
import file from './file/File.resource';
import form from './form/Form.resource';
import group from './group/Group.resource';
import library from './library/Library.resource';
import signedDocument from './signedDocument/SignedDocument.resource';
import tag from './tag/Tag.resource';
import template from './template/Template.resource';
import user from './user/User.resource';

/** Every resource of the SkySlope node (Forms), File first (the default). */
export const resources: Resource[] = [
	file,
	contact,
	document,
	signedDocument,
	envelope,
	template,
	form,
	library,
	tag,
	buyerAgreement,
	collaborator,
	user,
	group,
];
