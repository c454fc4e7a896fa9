import { defineResource } from '../../../shared';
import get from './get.operation';
import getAll from './getAll.operation';

export default defineResource({ value: 'offer', name: 'Offer', description: 'An offer made on a listing' }, [get, getAll]);
