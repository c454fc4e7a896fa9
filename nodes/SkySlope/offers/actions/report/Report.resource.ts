import { defineResource } from '../../../shared';
import get from './get.operation';

export default defineResource({ value: 'report', name: 'Offers Report' }, [get]);
