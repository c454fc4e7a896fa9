import { defineResource } from '../../../shared';
import create from './create.operation';
import getAll from './getAll.operation';

export default defineResource({ value: 'envelope', name: 'Envelope', description: 'Documents sent out together for e-signature' }, [getAll, create]);
