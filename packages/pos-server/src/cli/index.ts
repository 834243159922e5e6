/**
 * The `pos-server` command line: serving (and the demo), migrating, seeding the demo data, and the staff-member and
 * terminal commands a venue runs on the server itself.
 */
export { runCli } from './runCli';
