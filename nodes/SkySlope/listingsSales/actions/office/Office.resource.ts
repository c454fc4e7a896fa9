import { defineResource } from '../../../shared';
import get from './get.operation';
import getAll from './getAll.operation';
import update from './update.operation';

export default defineResource({ value: 'office', name: 'Office', description: 'An office of the brokerage' }, [getAll, get, update]);
