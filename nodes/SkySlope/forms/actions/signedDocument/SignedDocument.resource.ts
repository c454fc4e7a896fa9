import { defineResource } from '../../../shared';
import getAllForEnvelope from './getAllForEnvelope.operation';
import getAllForFile from './getAllForFile.operation';

export default defineResource({ value: 'signedDocument', name: 'Signed Document', description: 'The signed copies of a file\'s or an envelope\'s documents' }, [getAllForFile, getAllForEnvelope]);
