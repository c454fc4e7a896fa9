import { defineResource } from '../../../shared';
import getAll from './getAll.operation';

export default defineResource({ value: 'buyerAgreement', name: 'Buyer Agreement', description: 'A buyer agreement file of your market' }, [getAll]);
