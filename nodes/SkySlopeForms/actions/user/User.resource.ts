import { defineResource } from '../../../shared';
import getProfile from './getProfile.operation';

export default defineResource({ value: 'user', name: 'User' }, [getProfile]);
