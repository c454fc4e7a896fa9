import { defineResource } from '../../../shared';
import get from './get.operation';

export default defineResource({ value: 'subscriber', name: 'Subscriber' }, [get]);
