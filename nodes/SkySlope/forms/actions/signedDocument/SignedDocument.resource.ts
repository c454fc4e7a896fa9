import { defineResource } from '../../../shared';
import getAllForEnvelope from './getAllForEnvelope.operation';
import getAllForFile from './getAllForFile.operation';

export default defineResource({ value: 'signedDocument', name: 'Signed Document' }, [getAllForFile, getAllForEnvelope]);
