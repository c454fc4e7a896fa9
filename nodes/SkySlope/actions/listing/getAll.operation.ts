import { fileGetMany } from '../fileList';

export default fileGetMany('listing');
