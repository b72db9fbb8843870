/** The search feature's public face. */
export { SearchBox } from './SearchBox';
