import { fileGetMany } from '../../helpers/fileList';

export default fileGetMany('sale');
