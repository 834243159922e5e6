export type { MailSender } from './mailSender';
export { createMailSender } from './mailSender';
export { createMailTransport } from './mailTransport';
export { mailRoutes } from './routes';
