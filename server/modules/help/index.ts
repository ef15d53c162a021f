// The help module's public entry: the support contact details.
export { supportRoutes } from './help.routes';
