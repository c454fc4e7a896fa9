import { defineResource } from '../../../shared';
import get from './get.operation';

export default defineResource({ value: 'report', name: 'Report', description: 'Counts of offers and listings' }, [get]);
