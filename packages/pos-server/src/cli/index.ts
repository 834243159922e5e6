export { runCli } from './runCli';
