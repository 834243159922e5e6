/**
 * The customer display on a tablet paired with a terminal by a six-digit code: pairing, the till's messages kept in
 * memory per terminal, and the tablet's server-sent event stream.
 */
export { displayRoutes } from './routes';
