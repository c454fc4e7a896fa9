import { defineResource } from '../../../shared';
import getProfile from './getProfile.operation';

export default defineResource({ value: 'user', name: 'Forms User' }, [getProfile]);
